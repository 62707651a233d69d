import { ComingSoonPage } from '../../components/coming-soon-page';

export function ContactPage() {
  return <ComingSoonPage title="Contact Us" />;
}
