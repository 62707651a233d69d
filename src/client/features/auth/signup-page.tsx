import { ComingSoonPage } from '../../components/coming-soon-page';

export function SignupPage() {
  return <ComingSoonPage title="Signup" />;
}
