import { EmailDomains } from '../../../features/moderation';
import { ModerationScreen } from './moderation-screen';

export default function ModerationEmailDomainsRoute() {
  return (
    <ModerationScreen section="email-domains">
      <EmailDomains />
    </ModerationScreen>
  );
}
