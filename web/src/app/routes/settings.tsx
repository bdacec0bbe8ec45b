import {
  ChangePasswordForm,
  ColorModeSetting,
  DeleteAccount,
  EmailSetting,
  ImportExport,
} from '../../features/account';
import { FilterSettings } from '../../features/filters';
import { NotificationSettings } from '../../features/notifications';
import { AuthorizedApps, useRefreshAuthorizedApps } from '../../features/oauth';
import { AltReminderSetting, QuotePolicySetting } from '../../features/posts';
import { BlockedAccounts, MutedAccounts } from '../../features/safety';
import { isStaff, useMe } from '../../lib/session';
import { PageHeader } from '../layout/app-layout';

const section = 'border-b border-zinc-200 px-4 py-6 dark:border-zinc-800';

export default function SettingsRoute() {
  const refreshAuthorizedApps = useRefreshAuthorizedApps();
  const me = useMe();
  return (
    <div className="lg:w-[65%] lg:border-r lg:border-zinc-200 lg:dark:border-zinc-800">
      <PageHeader title="Settings" />
      <div className={section}>
        <ColorModeSetting />
      </div>
      <div className={section}>
        <AltReminderSetting />
      </div>
      <div className={section}>
        <QuotePolicySetting />
      </div>
      <div className={section}>
        <EmailSetting />
      </div>
      <div className={section}>
        <NotificationSettings staff={isStaff(me)} />
      </div>
      <div className={section}>
        {/* A new password ends every app's access too. */}
        <ChangePasswordForm onChanged={() => void refreshAuthorizedApps()} />
      </div>
      <div className={section}>
        <BlockedAccounts />
      </div>
      <div className={section}>
        <MutedAccounts />
      </div>
      <div className={section}>
        <FilterSettings />
      </div>
      <div className={section}>
        <AuthorizedApps />
      </div>
      <div className={section}>
        <ImportExport />
      </div>
      <div className={section}>
        <DeleteAccount />
      </div>
    </div>
  );
}
