import { useParams } from 'react-router';
import { AccountDetail } from '../../../features/moderation';
import { ModerationScreen } from './moderation-screen';

export default function ModerationAccountRoute() {
  const { username = '' } = useParams();
  return (
    <ModerationScreen section="accounts" title={`@${username}`} back="/moderation/accounts">
      <AccountDetail username={username} />
    </ModerationScreen>
  );
}
