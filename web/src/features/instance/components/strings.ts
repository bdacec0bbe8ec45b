import type { RegistrationsMode, Role } from '@sync/contract';

/**
 * Every string the instance feature shows (the About page), in one place so translation can extract
 * them as they are. A string that names something is a function of it.
 */
export const strings = {
  pageTitle: 'About',
  defaultTitle: 'Sync',
  loading: 'Loading what this community says about itself',
  whoHeading: 'Who runs it',
  owner: 'Owner',
  roles: { owner: 'Owner', admin: 'Admin', moderator: 'Moderator', user: 'Member' } satisfies Record<
    Role,
    string
  >,
  nobody: 'Nobody is named as running this community yet.',
  contact: 'Contact:',
  rulesHeading: 'Rules',
  noRules: 'This community has not written down any rules yet.',
  joinHeading: 'How to join',
  modes: {
    open: 'Anyone can join.',
    approval: 'Anyone can ask to join; a moderator reviews each request.',
    invite: 'Joining needs an invite link from someone here.',
    closed: 'Sign-ups are closed.',
  } satisfies Record<RegistrationsMode, string>,
  signUp: 'Sign up',
  logIn: 'Log in',
};
