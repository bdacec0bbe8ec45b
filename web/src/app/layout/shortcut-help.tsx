import { Modal, ModalClose } from '../../components/ui/dialog';
import { SHORTCUTS, type ShortcutAction } from '../../lib/keyboard-shortcuts';

type Props = { available: ReadonlySet<ShortcutAction>; onClose: () => void };

/** The list '?' opens; loaded on first use. */
export default function ShortcutHelp({ available, onClose }: Props) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Keyboard shortcuts">
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {SHORTCUTS.filter((shortcut) => available.has(shortcut.action)).map((shortcut) => (
          <div key={shortcut.action} className="contents">
            <dt className="flex gap-1">
              {shortcut.keys.map((key, index) => (
                <span key={index} className="flex items-center gap-1">
                  {index > 0 && <span className="text-zinc-600 dark:text-zinc-400">then</span>}
                  <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1.5 font-mono dark:border-zinc-700 dark:bg-zinc-800">
                    {key}
                  </kbd>
                </span>
              ))}
            </dt>
            <dd>{shortcut.description}</dd>
          </div>
        ))}
      </dl>
      <p className="mb-4 text-xs text-zinc-600 dark:text-zinc-400">
        Shortcuts never act while you type in a field.
      </p>
      <div className="flex justify-end">
        <ModalClose />
      </div>
    </Modal>
  );
}
