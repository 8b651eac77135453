import type { TokenPair, User } from '../../lib/session/user';

/** POST users/login/ (SPEC §3 Login response). */
export interface LoginResponse extends TokenPair {
  user: User;
}
