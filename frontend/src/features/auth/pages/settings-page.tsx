import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';

import { PageHeading } from '../../../components/page-heading';
import { useTranslation } from '../../../lib/use-translation';
import { ChangePasswordForm } from '../components/change-password-form';
import { selectUser, type sessionSlice, type SessionState } from '../../../lib/session/session-slice';
import './account-pages.css';

type State = { [sessionSlice.reducerPath]: SessionState };

/** /dashboard/settings: the account at a glance and the change-password form (SPEC §2). */
export function SettingsPage() {
  const { t } = useTranslation('auth');
  const user = useSelector((state: State) => selectUser(state));
  const initial = Array.from(user?.username ?? '')[0]?.toUpperCase() ?? '';

  return (
    <section className="page account-page">
      <PageHeading title={t('settings.title')} />
      <div className="account-page__grid">
        <section className="card account-card" aria-labelledby="account-heading">
          <h2 id="account-heading">{t('settings.profileHeading')}</h2>
          <div className="account-card__identity">
            <span className="account-card__initial" aria-hidden="true">
              {initial}
            </span>
            <div className="account-card__text">
              <p className="account-card__username">{user?.username}</p>
              {user?.email && <p className="account-card__email">{user.email}</p>}
            </div>
          </div>
          <Link to="/dashboard/profile" className="button button--secondary">
            {t('settings.viewProfile')}
          </Link>
        </section>
        <section className="card" aria-labelledby="security-heading">
          <h2 id="security-heading">{t('settings.securityHeading')}</h2>
          <p className="account-page__intro">{t('settings.securityIntro')}</p>
          <ChangePasswordForm />
        </section>
      </div>
    </section>
  );
}
