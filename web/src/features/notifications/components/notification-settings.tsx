import { notifyingTypes, type NotificationSettings as Settings, type NotifyingType } from '@sync/contract';
import { useId, useState } from 'react';
import { toastError } from '../../../lib/toast';
import { useChangeNotificationSettings, useNotificationSettings } from '../api/notifications';
import { notificationStrings as t } from './strings';

const checkbox = 'mt-1 accent-teal-700 focus-ring dark:accent-teal-400';

/**
 * Settings → Notifications: which kinds notify me, and whether only people I follow do. Each box saves
 * as it is changed, showing the new state while it is sent and the old one again if that fails. New
 * reports are told to staff only: their box is shown to staff only.
 */
export function NotificationSettings({ staff }: { staff: boolean }) {
  const settings = useNotificationSettings();
  const change = useChangeNotificationSettings();
  const id = useId();
  type Asked = Parameters<typeof change.mutate>[0];
  // Set in the change's own event, so React draws the new state at once: the mutation's pending state
  // arrives a tick later, and a controlled box drawn in between showed the old state again.
  const [asked, setAsked] = useState<Asked | null>(null);
  const save = (body: Asked) => {
    setAsked(body);
    change.mutate(body, {
      onError: (error) => toastError(t.error, error.message),
      onSettled: () => setAsked(null),
    });
  };

  const saved = settings.data;
  if (!saved) {
    return (
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="mb-3 text-base font-bold">
          {t.settingsTitle}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{settings.error?.message ?? t.loading}</p>
      </section>
    );
  }
  const shown: Settings = {
    types: { ...saved.types, ...asked?.types },
    onlyFromFollowing: asked?.onlyFromFollowing ?? saved.onlyFromFollowing,
  };
  const kindBox = (type: NotifyingType) => (
    <label key={type} className="flex cursor-pointer items-start gap-3">
      <input
        type="checkbox"
        checked={shown.types[type]}
        onChange={(event) => save({ types: { [type]: event.target.checked } })}
        className={checkbox}
      />
      <span className="text-sm">{t.kinds[type]}</span>
    </label>
  );
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mb-3 text-base font-bold">
        {t.settingsTitle}
      </h2>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t.kindsLegend}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {notifyingTypes.filter((type) => staff || type !== 'new_report').map(kindBox)}
        </div>
      </fieldset>
      <label className="mt-4 flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          checked={shown.onlyFromFollowing}
          onChange={(event) => save({ onlyFromFollowing: event.target.checked })}
          className={checkbox}
        />
        <span>
          <span className="block text-sm font-medium">{t.onlyFromFollowing}</span>
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t.onlyFromFollowingHint}</span>
        </span>
      </label>
      <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">{t.noticesHint}</p>
    </section>
  );
}
