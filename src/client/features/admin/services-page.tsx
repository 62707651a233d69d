import { ComingSoonPage } from '../../components/coming-soon-page';

export function AdminServicesPage() {
  return <ComingSoonPage title="Services" />;
}
