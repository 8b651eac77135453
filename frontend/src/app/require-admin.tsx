import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';

import { useSession } from '../features/auth/use-session';

/**
 * Guards /dashboard/*: a loading message until the stored session is read, then the page for
 * a valid session, or /adminlogin without one (SPEC §2, §6). The server checks every call too.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
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
  return children;
}
