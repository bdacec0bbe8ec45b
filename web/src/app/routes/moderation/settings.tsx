import { SettingsForm } from '../../../features/moderation';
import { ModerationScreen } from './moderation-screen';

export default function ModerationSettingsRoute() {
  return (
    <ModerationScreen section="settings">
      <SettingsForm />
    </ModerationScreen>
  );
}
