import { ConfirmEmail } from '../../features/auth';

export default function ConfirmEmailRoute() {
  return <ConfirmEmail />;
}
