import { SignupForm } from '../../features/auth';

export default function SignupRoute() {
  return <SignupForm />;
}
