import { AuditLog } from '../../../features/moderation';
import { ModerationScreen } from './moderation-screen';

export default function ModerationAuditLogRoute() {
  return (
    <ModerationScreen section="audit-log">
      <AuditLog />
    </ModerationScreen>
  );
}
