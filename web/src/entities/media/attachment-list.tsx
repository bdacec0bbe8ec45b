import { X } from 'lucide-react';
import { MessageField } from '../../components/ui/message-field';
import type { Attachment } from './attachment-store';
import { attachmentStrings as t } from './strings';
import { descriptionFieldId } from './use-attachments';

type Props = {
  /** The list's name: "Images to post", "Image to comment". */
  label: string;
  items: Attachment[];
  descriptionMax: number;
  onDescribe: (key: string, text: string) => void;
  onRemove: (key: string) => void;
};

/**
 * A composer's images (a lazy module, loaded with the first one added; the post composer's and the
 * comment composer's): a thumbnail each (its upload's progress, ALT once described), a description
 * field, Remove.
 */
export default function AttachmentList({ label, items, descriptionMax, onDescribe, onRemove }: Props) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {items.map((item) => {
        const src = item.media?.previewUrl ?? item.localUrl;
        return (
          <li
            key={item.key}
            className="flex items-start gap-3 rounded-xl border border-zinc-200 p-2 dark:border-zinc-800"
          >
            <div className="relative size-20 shrink-0 overflow-hidden rounded-lg bg-zinc-200 dark:bg-zinc-800">
              {/* The description field beside it says what the image is. */}
              {src && <img src={src} alt="" className="size-full object-cover" />}
              {item.description.trim() && (
                <span
                  aria-hidden="true"
                  className="absolute bottom-1 left-1 rounded bg-black/75 px-1.5 py-0.5 text-[11px] font-bold text-white"
                >
                  {t.altBadge}
                </span>
              )}
              {!item.media && (
                <progress
                  aria-label={t.uploading(item.name)}
                  value={item.progress}
                  max={1}
                  className="absolute inset-x-1 bottom-1 h-1.5 w-[calc(100%-0.5rem)] accent-teal-600"
                />
              )}
            </div>
            <MessageField
              id={descriptionFieldId(item.key)}
              label={t.describe(item.name)}
              placeholder={t.describePlaceholder}
              rows={2}
              limit={descriptionMax}
              value={item.description}
              onValueChange={(text) => onDescribe(item.key, text)}
              className="w-full resize-y rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm text-zinc-900 placeholder:text-zinc-500 focus-ring dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400"
            />
            <button
              type="button"
              aria-label={t.remove(item.name)}
              title={t.remove(item.name)}
              onClick={() => onRemove(item.key)}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-zinc-700 hover:bg-zinc-100 focus-ring dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
