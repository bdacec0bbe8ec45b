/**
 * The lengths and counts every part of Sync holds to. Apart from the schemas, in a module that imports
 * nothing: the web client's first screen (the composer's counter) uses them, and a module that built
 * schemas would bring TypeBox along with them (decision 040).
 */
export const Limits = {
  postContent: 5000,
  commentText: 2000,
  bio: 300,
  name: 50,
  city: 100,
  url: 2048,
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 8,
  passwordMax: 256,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  previewSize: 3,
} as const;
