import { Invites } from '../../../features/moderation';
import { ModerationScreen } from './moderation-screen';

export default function ModerationInvitesRoute() {
  return (
    <ModerationScreen section="invites">
      <Invites />
    </ModerationScreen>
  );
}
