import type { ReactNode, RefObject } from 'react';
import { Modal, ModalClose } from '../../../components/ui/dialog';
import { composerStrings as t } from './strings';

/**
 * The composer in a sheet along the bottom of the screen (the phone's compose button): focus starts in
 * the text and is held in the sheet, Escape or Close shut it and give focus back to the button, and
 * what was typed stays a draft, shown again next time and in the home screen's composer.
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
  /** The composer, in its sheet form, given the sheet's Close button to show beside its Share. */
  children: (close: ReactNode) => ReactNode;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t.newPost}
      finalFocus={finalFocus}
      placement="bottom"
    >
      {children(<ModalClose />)}
    </Modal>
  );
}
