import { ReportsQueue } from '../../../features/moderation';
import { ModerationScreen } from './moderation-screen';

export default function ModerationReportsRoute() {
  return (
    <ModerationScreen section="reports">
      <ReportsQueue />
    </ModerationScreen>
  );
}
