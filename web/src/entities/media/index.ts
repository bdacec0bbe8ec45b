/**
 * The media entity: uploading an image before it is attached to a post or a comment (`POST /api/media`),
 * describing and removing it, and the checks made before sending a file. The posts and comments
 * composers share it, and its list of images (`attachment-list.tsx`, a lazy module: import it with
 * `lazy(() => import(…))`, never from here).
 */
export { deleteMedia, updateMedia, uploadMedia } from './api';
export { refusalOf, sortFiles } from './check-file';
export { hasFiles, imagesOf } from './dropped-files';
export { attachmentStrings, kindsOf, uploadStrings } from './strings';
export { descriptionFieldId, useAttachments, type Attachment, type Attachments } from './use-attachments';
