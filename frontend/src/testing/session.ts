import { DEMO_USER } from '../features/auth/mocks/handlers';
import { storeSession } from '../lib/session/session-storage';
import type { User } from '../lib/session/user';

/** Puts a signed-in administrator's session in storage, as a sign-in `ago` ms before now would. */
export function storeTestSession({ user = DEMO_USER, ago = 0 }: { user?: User; ago?: number } = {}) {
  return storeSession({ access: 'access-1', refresh: 'refresh-1' }, user, Date.now() - ago);
}
