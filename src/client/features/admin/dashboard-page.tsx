import { ComingSoonPage } from '../../components/coming-soon-page';

export function DashboardPage() {
  return <ComingSoonPage title="Dashboard" />;
}
