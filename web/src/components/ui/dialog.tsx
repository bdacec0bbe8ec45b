import { AlertDialog } from '@base-ui/react/alert-dialog';
import { Dialog } from '@base-ui/react/dialog';
import type { ReactNode, RefObject } from 'react';
import { Button } from './button';

const backdrop =
  'fixed inset-0 z-40 bg-black/40 transition-opacity duration-150 data-starting-style:opacity-0 data-ending-style:opacity-0 dark:bg-black/70';
const surface =
  'z-50 overflow-y-auto border-zinc-200 bg-white text-zinc-900 shadow-xl dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100';
const popup = `${surface} fixed top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl border p-6 transition-all duration-150 data-starting-style:scale-95 data-starting-style:opacity-0 data-ending-style:scale-95 data-ending-style:opacity-0`;
/** A sheet along the bottom of a phone's screen, where the thumb is, sliding up as it opens. */
const bottomSheet = `${surface} fixed inset-x-0 bottom-0 max-h-[calc(100dvh-2rem)] rounded-t-2xl border-t px-4 pt-4 pb-[calc(0.75rem+env(safe-area-inset-bottom))] transition-transform duration-200 data-starting-style:translate-y-full data-ending-style:translate-y-full motion-reduce:transition-none`;

/**
 * Where focus goes when the dialog closes, when not to what had it when it opened: a dialog opened
 * from a menu item would hand it to the item, gone with its menu.
 */
type FinalFocus = RefObject<HTMLElement | null>;

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  finalFocus?: FinalFocus;
  /** In the screen's centre, or along its bottom edge (a phone's sheet). */
  placement?: 'centre' | 'bottom';
};

/**
 * A modal with a title; Base UI traps focus inside and returns it to the opener on close. A long one
 * (a report's rules and posts on a phone) scrolls within the screen.
 */
export function Modal({ open, onOpenChange, title, children, finalFocus, placement = 'centre' }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Backdrop className={backdrop} />
        <Dialog.Popup className={placement === 'bottom' ? bottomSheet : popup} finalFocus={finalFocus}>
          <Dialog.Title className="mb-4 text-lg font-bold">{title}</Dialog.Title>
          {children}
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ModalClose({ children = 'Close' }: { children?: ReactNode }) {
  return <Dialog.Close render={<Button variant="secondary" />}>{children}</Dialog.Close>;
}

type ConfirmProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  finalFocus?: FinalFocus;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  finalFocus,
}: ConfirmProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className={backdrop} />
        <AlertDialog.Popup className={popup} finalFocus={finalFocus}>
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Close render={<Button variant="secondary" />}>Cancel</AlertDialog.Close>
            <Button variant="danger" onClick={onConfirm} pending={pending}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** The end of a dialog's form: the server's refusal, if any, then Close and Save. */
export function ModalFormActions({ error, pending }: { error: string | undefined; pending: boolean }) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <ModalClose />
        <Button type="submit" pending={pending}>
          Save
        </Button>
      </div>
    </>
  );
}
