import type { ReactNode, RefObject } from 'react';
import { Modal, ModalClose } from '../../../components/ui/dialog';
import { composerStrings as t } from './strings';

/**
 * The composer in a modal dialog (the phone's compose button): focus starts in the text and is held in
 * the dialog, Escape or Close shut it and give focus back to the button, and what was typed stays a
 * draft, shown again next time and in the home screen's composer.
 */
export default function ComposeSheet({
  open,
  onOpenChange,
  finalFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  finalFocus: RefObject<HTMLElement | null>;
  /** The composer, in its sheet form. */
  children: ReactNode;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t.newPost} finalFocus={finalFocus}>
      {children}
      <div className="mt-3 flex justify-end">
        <ModalClose />
      </div>
    </Modal>
  );
}
