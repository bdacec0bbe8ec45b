import type { UserRow } from '../../data/users.repo.js';
import type { TokenClaims } from '../../platform/auth/tokens.js';

/** What a token for this user carries; signing these after a password change gives the only valid token. */
export const claimsFor = (user: Pick<UserRow, 'id' | 'username' | 'token_version'>): TokenClaims => ({
  _id: user.id,
  username: user.username,
  ver: user.token_version,
});
