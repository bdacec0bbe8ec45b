import { RulesEditor } from '../../../features/moderation';
import { ModerationScreen } from './moderation-screen';

export default function ModerationRulesRoute() {
  return (
    <ModerationScreen section="rules">
      <RulesEditor />
    </ModerationScreen>
  );
}
