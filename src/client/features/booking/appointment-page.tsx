import { ComingSoonPage } from '../../components/coming-soon-page';

export function AppointmentPage() {
  return <ComingSoonPage title="Book an appointment" />;
}
