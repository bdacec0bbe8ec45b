import { LoginForm } from '../../features/auth';

export default function LoginRoute() {
  return <LoginForm />;
}
