import { useState, type FormEvent, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal, ModalClose } from '../../../components/ui/dialog';
import type { MuteChoice } from '../api/relationships';
import { MUTE_DURATIONS, strings } from '../strings';
import type { Person } from './person';

const text = strings.mute;

type Props = {
  person: Person;
  /** Where focus goes when it closes (the "…" it was opened from). */
  finalFocus?: RefObject<HTMLElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMute: (choice: MuteChoice) => void;
  pending: boolean;
  error: Error | null;
};

/** Mute someone: their notifications too (on by default), and for how long. */
export function MuteDialog({ person, finalFocus, open, onOpenChange, ...form }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={text.title(person.username)}
      finalFocus={finalFocus}
    >
      {/* Mounted per opening: each starts from the defaults. */}
      {open && <MuteForm {...form} />}
    </Modal>
  );
}

function MuteForm({
  onMute,
  pending,
  error,
}: Omit<Props, 'person' | 'finalFocus' | 'open' | 'onOpenChange'>) {
  const [notifications, setNotifications] = useState(true);
  const [duration, setDuration] = useState(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onMute({ notifications, durationSeconds: MUTE_DURATIONS[duration]?.seconds ?? null });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{text.intro}</p>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={notifications}
          onChange={(event) => setNotifications(event.target.checked)}
          className="mt-0.5 size-4 accent-teal-700 focus-ring dark:accent-teal-400"
        />
        {text.notifications}
      </label>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">{text.duration}</legend>
        <div className="flex flex-col gap-1.5">
          {MUTE_DURATIONS.map(({ label }, index) => (
            <label key={label} className="flex items-center gap-3 text-sm">
              <input
                type="radio"
                name="mute-duration"
                checked={duration === index}
                onChange={() => setDuration(index)}
                className="size-4 accent-teal-700 focus-ring dark:accent-teal-400"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.message}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <ModalClose>{text.cancel}</ModalClose>
        <Button type="submit" pending={pending}>
          {text.confirm}
        </Button>
      </div>
    </form>
  );
}
