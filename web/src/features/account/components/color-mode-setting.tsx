import { setColorMode, useColorModeChoice, type ColorMode } from '../../../lib/color-mode';

const choices: { value: ColorMode; label: string; hint: string }[] = [
  { value: 'system', label: 'System', hint: "Follows your device's setting" },
  { value: 'light', label: 'Light', hint: 'Dark text on a light background' },
  { value: 'dark', label: 'Dark', hint: 'Light text on a dark background' },
];

export function ColorModeSetting() {
  const choice = useColorModeChoice();
  return (
    <fieldset>
      <legend className="mb-3 text-base font-bold">Colour mode</legend>
      <div className="flex flex-col gap-2">
        {choices.map(({ value, label, hint }) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 px-3 py-2 has-checked:border-teal-600 dark:border-zinc-800 dark:has-checked:border-teal-400"
          >
            <input
              type="radio"
              name="color-mode"
              value={value}
              checked={choice === value}
              onChange={() => setColorMode(value)}
              className="mt-1 accent-teal-700 focus-ring dark:accent-teal-400"
            />
            <span>
              <span className="block text-sm font-medium">{label}</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">{hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
