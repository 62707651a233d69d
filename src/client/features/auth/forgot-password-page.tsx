import { ComingSoonPage } from '../../components/coming-soon-page';

export function ForgotPasswordPage() {
  return <ComingSoonPage title="Forgot password" />;
}
