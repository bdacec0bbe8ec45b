import type { RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { altReminderStrings as t } from './strings';

type Props = {
  open: boolean;
  /** How many of the images have no description. */
  count: number;
  onAddDescription: () => void;
  onPostAnyway: () => void;
  onOpenChange: (open: boolean) => void;
  finalFocus: RefObject<HTMLElement | null>;
};

/** Asked before sharing images without descriptions; a Base UI dialog, loaded when first needed. */
export default function AltReminderDialog({
  open,
  count,
  onAddDescription,
  onPostAnyway,
  onOpenChange,
  finalFocus,
}: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t.title(count)} finalFocus={finalFocus}>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t.body}</p>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t.settingsHint}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onPostAnyway}>
          {t.postAnyway}
        </Button>
        <Button onClick={onAddDescription}>{t.addDescription}</Button>
      </div>
    </Modal>
  );
}
