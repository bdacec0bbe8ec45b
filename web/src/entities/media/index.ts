/**
 * The media entity: uploading an image before it is attached to a post or a comment (`POST /api/media`),
 * describing and removing it, and the checks made before sending a file. The posts and comments
 * composers share it.
 */
export { deleteMedia, updateMedia, uploadMedia } from './api';
export { refusalOf, sortFiles } from './check-file';
export { kindsOf, uploadStrings } from './strings';
export { useAttachments, type Attachment, type Attachments } from './use-attachments';
