import { ResetPasswordForm } from '../../features/auth';

export default function ResetPasswordRoute() {
  return <ResetPasswordForm />;
}
