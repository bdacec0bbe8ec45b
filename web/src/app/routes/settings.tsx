import { ChangePasswordForm, ColorModeSetting, DeleteAccount, ExportData } from '../../features/account';
import { PageHeader } from '../layout/app-layout';

const section = 'border-b border-zinc-200 px-4 py-6 dark:border-zinc-800';

export default function SettingsRoute() {
  return (
    <div className="lg:w-[65%] lg:border-r lg:border-zinc-200 lg:dark:border-zinc-800">
      <PageHeader title="Settings" />
      <div className={section}>
        <ColorModeSetting />
      </div>
      <div className={section}>
        <ChangePasswordForm />
      </div>
      <div className={section}>
        <ExportData />
      </div>
      <div className={section}>
        <DeleteAccount />
      </div>
    </div>
  );
}
