import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';

import { forgetDoorData } from '../lib/door-data';
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
  // No session (signed out, or ended by the server): a door phone's lists of people go too.
  useEffect(() => {
    if (session.status === 'anonymous') void forgetDoorData().catch(() => undefined);
  }, [session.status]);
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
