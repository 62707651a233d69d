import { ComingSoonPage } from '../../components/coming-soon-page';

export function DiscountsPage() {
  return <ComingSoonPage title="Discounts" />;
}
