import { ComingSoonPage } from '../../components/coming-soon-page';

// The :token route parameter is read here once the reset form is built.
export function ResetPasswordPage() {
  return <ComingSoonPage title="Reset password" />;
}
