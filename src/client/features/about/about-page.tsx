import { ComingSoonPage } from '../../components/coming-soon-page';

export function AboutPage() {
  return <ComingSoonPage title="About Us" />;
}
