import { HttpError } from '../../platform/http/errors.js';

/** Mastodon's answer for an id that names nothing (an account, a status), which apps recognise. */
export const recordNotFound = () => new HttpError(404, 'Record not found');
