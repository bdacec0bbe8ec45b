import { AccountsBrowser } from '../../../features/moderation';
import { ModerationScreen } from './moderation-screen';

export default function ModerationAccountsRoute() {
  return (
    <ModerationScreen section="accounts">
      <AccountsBrowser />
    </ModerationScreen>
  );
}
