import { Navigate, Outlet } from 'react-router-dom';

import { useSession } from '../lib/session/use-session';
import { useTranslation } from '../lib/use-translation';

/**
 * Guards /dashboard/*: a loading message until the stored session is read, then the child
 * route for a valid session, or /adminlogin without one (SPEC §2, §6). The server checks
 * every call too.
 */
export function RequireAdmin() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  if (session.status === 'unknown') {
    return (
      <main className="session-loading">
        <p role="status">{t('loadingSession')}</p>
      </main>
    );
  }
  if (session.status === 'anonymous') return <Navigate to="/adminlogin" replace />;
  return <Outlet />;
}
