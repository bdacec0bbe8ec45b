import { setAltTextReminder, useAltTextReminder } from '../../../lib/alt-text-reminder';
import { altReminderStrings as t } from './strings';

/** Settings → Image descriptions: whether the composer asks before sharing undescribed images. */
export function AltReminderSetting() {
  const on = useAltTextReminder();
  return (
    <fieldset>
      <legend className="mb-3 text-base font-bold">{t.settingTitle}</legend>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          checked={on}
          onChange={(event) => setAltTextReminder(event.target.checked)}
          className="mt-1 accent-teal-700 focus-ring dark:accent-teal-400"
        />
        <span>
          <span className="block text-sm font-medium">{t.settingLabel}</span>
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t.settingHint}</span>
        </span>
      </label>
    </fieldset>
  );
}
