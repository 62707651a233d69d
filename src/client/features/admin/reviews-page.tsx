import { ComingSoonPage } from '../../components/coming-soon-page';

export function ReviewsPage() {
  return <ComingSoonPage title="Reviews" />;
}
