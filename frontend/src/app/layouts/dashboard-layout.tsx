import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';

import { Logo } from '../../components/logo';
import './dashboard-layout.css';
import { RouteOutlet } from './route-outlet';

const DASHBOARD_LINKS = [
  { to: '/dashboard', key: 'pages.dashboard' },
  { to: '/dashboard/members', key: 'pages.members' },
  { to: '/dashboard/events', key: 'pages.dashboardEvents' },
  { to: '/dashboard/registrations', key: 'pages.registrations' },
  { to: '/dashboard/reports', key: 'pages.reports' },
  { to: '/dashboard/settings', key: 'pages.settings' },
] as const;

/** The admin frame. Sign-in gating (RequireAdmin) arrives with the auth feature. */
export function DashboardLayout() {
  const { t } = useTranslation();
  return (
    <div className="dashboard-layout">
      <a className="skip-link" href="#dashboard-content">
        {t('a11y.skipToContent')}
      </a>
      <aside className="dashboard-layout__sidebar">
        <Link to="/dashboard" className="brand brand--inverse" aria-label={t('pages.dashboard')}>
          <Logo size={32} />
          <span className="brand__short" aria-hidden="true">
            {t('site.shortName')}
          </span>
        </Link>
        <nav aria-label={t('dashboard.navigation')}>
          <ul className="plain-list dashboard-layout__nav">
            {DASHBOARD_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/dashboard'}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/" className="dashboard-layout__back">
          {t('dashboard.backToSite')}
        </Link>
      </aside>
      <main id="dashboard-content" tabIndex={-1} className="dashboard-layout__main">
        <RouteOutlet />
      </main>
    </div>
  );
}
