/**
 * What adding an image needs beyond the composer's state: the checks, the requests and their words.
 * `useAttachments` imports it on the first file added, so the home screen loads none of it.
 */
export { deleteMedia, updateMedia, uploadMedia } from './api';
export { sortFiles } from './check-file';
export { uploadStrings } from './strings';
