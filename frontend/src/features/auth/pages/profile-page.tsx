import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';

import { PageHeading } from '../../../components/page-heading';
import { formatDate } from '../../../lib/format-date';
import { selectUser, type sessionSlice, type SessionState } from '../../../lib/session/session-slice';
import type { User } from '../../../lib/session/user';
import { useTranslation } from '../../../lib/use-translation';
import { displayName, initials } from '../user-display';
import './account-pages.css';

type State = { [sessionSlice.reducerPath]: SessionState };

function present(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => String(item).trim() !== '');
  return value !== null && value !== undefined && String(value).trim() !== '';
}

function listText(value: User['areas_of_interest']): string {
  return Array.isArray(value) ? value.filter((item) => item.trim()).join(', ') : (value ?? '');
}

function Details({ items }: { items: [label: string, value: ReactNode][] }) {
  const { t } = useTranslation('auth');
  return (
    <dl className="details">
      {items.map(([label, value]) => (
        <div className="details__row" key={label}>
          <dt>{label}</dt>
          <dd>
            {present(value) ? (
              value
            ) : (
              <>
                <span aria-hidden="true">—</span>
                <span className="visually-hidden">{t('profile.notProvided')}</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** /dashboard/profile: the signed-in administrator as stored at sign-in (SPEC §2). */
export function ProfilePage() {
  const { t } = useTranslation(['auth', 'dashboard']);
  const user = useSelector((state: State) => selectUser(state));

  if (!user) {
    return (
      <section className="page account-page">
        <PageHeading title={t('profile.title')} />
        <p className="notice notice--error" role="alert">
          {t('profile.loadError')}
        </p>
        <p>
          <Link to="/adminlogin">{t('profile.signIn')}</Link>
        </p>
      </section>
    );
  }

  const experience =
    typeof user.experience_years === 'number' ? t('profile.experienceYears', { count: user.experience_years }) : '';
  const hasAdditional = [user.skills, user.areas_of_interest, user.certifications].some(present);

  return (
    <section className="page account-page">
      <PageHeading title={t('profile.title')} />
      <div className="card profile-summary">
        <span className="account-card__initial account-card__initial--lg" aria-hidden="true">
          {initials(user)}
        </span>
        <div className="profile-summary__text">
          <p className="profile-summary__name">{displayName(user)}</p>
          <p className="profile-summary__role">{user.role?.trim() || t('dashboard:defaultRole')}</p>
        </div>
        {/* No button that does nothing: the profile is read-only here, the account's settings are one step away. */}
        <Link to="/dashboard/settings" className="button button--secondary profile-summary__edit">
          {t('profile.toSettings')}
        </Link>
      </div>
      <div className="account-page__grid">
        <ProfileSection id="personal-heading" title={t('profile.personal')}>
          <Details
            items={[
              [t('profile.username'), user.username],
              [t('profile.email'), user.email],
              [t('profile.phone'), user.phone],
              [t('profile.preferredLanguage'), user.preferred_language],
              [t('profile.dateOfBirth'), formatDate(user.date_of_birth)],
            ]}
          />
        </ProfileSection>
        <ProfileSection id="professional-heading" title={t('profile.professional')}>
          <Details
            items={[
              [t('profile.occupation'), user.occupation],
              [t('profile.organization'), user.organization],
              [t('profile.experience'), experience],
              [t('profile.communicationLanguage'), user.preferred_communication_language],
            ]}
          />
        </ProfileSection>
        {hasAdditional && (
          <ProfileSection id="additional-heading" title={t('profile.additional')}>
            <Details
              items={[
                [t('profile.skills'), user.skills],
                [t('profile.areasOfInterest'), listText(user.areas_of_interest)],
                [t('profile.certifications'), user.certifications],
              ]}
            />
          </ProfileSection>
        )}
      </div>
    </section>
  );
}
