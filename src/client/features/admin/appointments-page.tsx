import { ComingSoonPage } from '../../components/coming-soon-page';

export function AppointmentsPage() {
  return <ComingSoonPage title="Appointments" />;
}
