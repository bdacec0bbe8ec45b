import { RegistrationsQueue } from '../../../features/moderation';
import { ModerationScreen } from './moderation-screen';

export default function ModerationRegistrationsRoute() {
  return (
    <ModerationScreen section="registrations">
      <RegistrationsQueue />
    </ModerationScreen>
  );
}
