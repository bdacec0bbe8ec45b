import { ImagePlus } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import type { Attachments } from '../../../entities/media';
import { composerStrings as t } from './strings';

type Props = {
  attachments: Attachments;
  /** The instance's accepted types; undefined until it is known (the button waits). */
  types: readonly string[] | undefined;
  max: number;
  sensitive: boolean;
  onSensitiveChange: (sensitive: boolean) => void;
};

/**
 * "Add images" and, once there are images, "Mark as sensitive": the post composer's and the edit
 * dialog's, so both pick files and mark them the same way.
 */
export function ImageControls({ attachments, types, max, sensitive, onSensitiveChange }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={types?.join(',')}
        tabIndex={-1}
        aria-hidden="true"
        className="hidden"
        onChange={(event) => {
          void attachments.add(Array.from(event.target.files ?? []));
          // The same file may be chosen again after it was removed.
          event.target.value = '';
        }}
      />
      <Button
        variant="ghost"
        size="sm"
        disabled={!types || attachments.items.length >= max}
        onClick={() => {
          attachments.prepare();
          fileInput.current?.click();
        }}
      >
        <ImagePlus className="size-4" aria-hidden="true" />
        {t.addImages}
      </Button>
      {attachments.items.length > 0 && (
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm" title={t.sensitiveHint}>
          <input
            type="checkbox"
            checked={sensitive}
            onChange={(event) => onSensitiveChange(event.target.checked)}
            className="accent-teal-700 focus-ring dark:accent-teal-400"
          />
          {t.sensitive}
        </label>
      )}
    </div>
  );
}
