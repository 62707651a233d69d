import { ComingSoonPage } from '../../components/coming-soon-page';

export function SpecialistsPage() {
  return <ComingSoonPage title="Specialists" />;
}
