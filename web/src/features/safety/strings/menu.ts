/**
 * The labels of the "…" on someone's post or profile and of its items: part of the safety feature's
 * strings (index.ts), kept apart because the "…" is on every post of the first screen, and the rest
 * loads with the menu.
 */
export const at = (username: string) => `@${username}`;

export const menuStrings = {
  postOptions: 'Post options',
  profileOptions: (username: string) => `More options for ${at(username)}`,
  block: (username: string) => `Block ${at(username)}`,
  unblock: (username: string) => `Unblock ${at(username)}`,
  mute: (username: string) => `Mute ${at(username)}`,
  unmute: (username: string) => `Unmute ${at(username)}`,
  report: (username: string) => `Report ${at(username)}`,
  hideReposts: (username: string) => `Hide reposts from ${at(username)}`,
  showReposts: (username: string) => `Show reposts from ${at(username)}`,
  repostsFailed: (username: string) => `Could not change reposts from ${at(username)}`,
};
