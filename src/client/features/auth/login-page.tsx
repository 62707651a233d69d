import { ComingSoonPage } from '../../components/coming-soon-page';

export function LoginPage() {
  return <ComingSoonPage title="Login" />;
}
