import type { DragEvent } from 'react';

/** Whether a drag carries files (not text or a link), so a composer shows where to drop them. */
export const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** The images among pasted or dropped files; a file the browser gives no type is the server's to judge. */
export const imagesOf = (files: FileList | null | undefined) =>
  Array.from(files ?? []).filter((file) => file.type === '' || file.type.startsWith('image/'));
