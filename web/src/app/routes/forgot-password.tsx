import { ForgotPasswordForm } from '../../features/auth';

export default function ForgotPasswordRoute() {
  return <ForgotPasswordForm />;
}
