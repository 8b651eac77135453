import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, NavLink, useLocation } from 'react-router-dom';

import { LanguagePicker } from '../../components/language-picker';
import { Logo } from '../../components/logo';
import { useCloseOnEscape } from '../../components/use-close-on-escape';
import { selectUser } from '../../lib/session/session-slice';
import type { User } from '../../lib/session/user';
import { useSignOut } from '../../features/auth/use-sign-out';
import { displayName, initials } from '../../features/auth/user-display';
import { useTranslation } from '../../lib/use-translation';
import type { RootState } from '../store';
import './dashboard-layout.css';
import { RouteOutlet } from './route-outlet';
import { useFocusOnNavigation } from './use-focus-on-navigation';

// Small line icons (24×24), decorative next to their text.
const ICONS = {
  dashboard: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
  members:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0zm15-9a3 3 0 1 0 0-6M18 14a5 5 0 0 1 4 6h-3',
  events: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  registrations: 'M8 4h8v3H8zM6 5H4v16h16V5h-2M8 12h8M8 16h5',
  payments: 'M3 6h18v12H3zM3 10h18M7 15h3',
  reports: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  content: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  system: 'M3 12h4l3-8 4 16 3-8h4',
  privacy: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  interpreters: 'M7 11V5a2 2 0 1 1 4 0v5M11 10V4a2 2 0 1 1 4 0v6M15 10V6a2 2 0 1 1 4 0v8a7 7 0 0 1-7 7h-1a7 7 0 0 1-6-3.4L3 14a2 2 0 0 1 3.4-2L7 13',
  signedVideos: 'M3 5h13v14H3zM16 10l5-3v10l-5-3',
  activity: 'M12 7v5l3 2M21 12a9 9 0 1 1-9-9 9 9 0 0 1 9 9z',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0-1.2-2.9H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 2.9-1.2V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  logout: 'M9 21H5V3h4M16 17l5-5-5-5M21 12H9',
  interpreting: 'M7 11V6a2 2 0 0 1 4 0v5M11 10V4a2 2 0 0 1 4 0v7M15 10a2 2 0 0 1 4 0v4a7 7 0 0 1-7 7h-1a6 6 0 0 1-5-3l-2-4a2 2 0 0 1 3.5-2L9 14',
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const NAV_GROUPS = [
  {
    id: 'main',
    labelKey: 'mainGroup',
    links: [
      { to: '/dashboard', key: 'links.dashboard', icon: 'dashboard' },
      { to: '/dashboard/members', key: 'links.members', icon: 'members' },
      { to: '/dashboard/events', key: 'links.events', icon: 'events' },
      { to: '/dashboard/registrations', key: 'links.registrations', icon: 'registrations' },
      { to: '/dashboard/payments', key: 'links.payments', icon: 'payments' },
      { to: '/dashboard/interpreters', key: 'links.interpreters', icon: 'interpreters' },
      { to: '/dashboard/interpreting', key: 'links.interpreting', icon: 'interpreting' },
    ],
  },
  {
    id: 'system',
    labelKey: 'systemGroup',
    links: [
      { to: '/dashboard/reports', key: 'links.reports', icon: 'reports' },
      { to: '/dashboard/content', key: 'links.content', icon: 'content' },
      { to: '/dashboard/signed-videos', key: 'links.signedVideos', icon: 'signedVideos' },
      { to: '/dashboard/system', key: 'links.system', icon: 'system' },
      { to: '/dashboard/activity', key: 'links.activity', icon: 'activity' },
      { to: '/dashboard/privacy', key: 'links.privacy', icon: 'privacy' },
      { to: '/dashboard/settings', key: 'links.settings', icon: 'settings' },
    ],
  },
] as const;

/** A collapsible group of the sidebar: its header is a button that shows or hides the links. */
function NavGroup({ group }: { group: (typeof NAV_GROUPS)[number] }) {
  const { t } = useTranslation('dashboard');
  const [expanded, setExpanded] = useState(true);
  const listId = `dashboard-nav-${group.id}`;
  return (
    <div className="dashboard-nav__group">
      <button
        type="button"
        className="dashboard-nav__group-toggle"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded(!expanded)}
      >
        <span>{t(group.labelKey)}</span>
        <span className="dashboard-nav__chevron" aria-hidden="true" />
      </button>
      <ul id={listId} className="plain-list dashboard-nav__list" hidden={!expanded}>
        {group.links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === '/dashboard'} className="dashboard-nav__link">
              <Icon name={link.icon} />
              {t(link.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Avatar({ user, size = 'md' }: { user: User; size?: 'md' | 'lg' }) {
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {initials(user)}
    </span>
  );
}

/** The header's account menu: Your Profile, Settings, Sign out. */
function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname; // navigating closes it
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpenAt(open ? null : pathname)}
      >
        <Avatar user={user} />
        <span className="user-menu__name" aria-hidden="true">
          {displayName(user)}
        </span>
        <span className="visually-hidden">{t('userMenu')}</span>
        <span className="dashboard-nav__chevron" aria-hidden="true" />
      </button>
      <ul id={menuId} className="plain-list user-menu__list" hidden={!open}>
        <li>
          <Link to="/dashboard/profile" className="user-menu__item">
            {t('profile')}
          </Link>
        </li>
        <li>
          <Link to="/dashboard/settings" className="user-menu__item">
            {t('settings')}
          </Link>
        </li>
        <li>
          <button type="button" className="user-menu__item" onClick={onSignOut}>
            {t('signOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}

/** The admin frame (SPEC §2): sidebar with two collapsible groups, header with the account menu, footer. */
export function DashboardLayout() {
  const { t } = useTranslation(['dashboard', 'common']);
  const user = useSelector((state: RootState) => selectUser(state));
  const signOut = useSignOut();
  const { pathname } = useLocation();
  // On small screens the sidebar is open for one page only: navigating closes it.
  const [sidebarOpenAt, setSidebarOpenAt] = useState<string | null>(null);
  const sidebarOpen = sidebarOpenAt === pathname;
  const mainRef = useRef<HTMLElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useFocusOnNavigation(mainRef);

  // The open sidebar comes first in the reading order: take the keyboard there, and back on Escape.
  useEffect(() => {
    if (sidebarOpen) sidebarRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [sidebarOpen]);
  const closeSidebar = useCallback(() => setSidebarOpenAt(null), []);
  useCloseOnEscape(sidebarOpen, closeSidebar, toggleRef);

  // RequireAdmin renders this only with a user; the guard keeps the types honest.
  if (!user) return null;
  const year = new Date().getFullYear();
  const role = user.role?.trim() || t('defaultRole');

  return (
    <div className={`dashboard-layout${sidebarOpen ? ' dashboard-layout--sidebar-open' : ''}`}>
      <a className="skip-link" href="#dashboard-content">
        {t('common:a11y.skipToContent')}
      </a>
      <aside id="dashboard-sidebar" ref={sidebarRef} className="dashboard-sidebar">
        <Link to="/dashboard" className="brand brand--inverse dashboard-sidebar__brand">
          <Logo size={36} />
          <span className="brand__text">
            <span className="brand__short">{t('common:site.shortName')}</span>
            <span className="dashboard-sidebar__area">{t('adminArea')}</span>
          </span>
        </Link>
        <nav aria-label={t('navigation')} className="dashboard-nav">
          {NAV_GROUPS.map((group) => (
            <NavGroup key={group.id} group={group} />
          ))}
        </nav>
        <div className="dashboard-sidebar__bottom">
          <div className="user-box">
            <Avatar user={user} size="lg" />
            <div className="user-box__text">
              <p className="user-box__name">{displayName(user)}</p>
              <p className="user-box__role">{role}</p>
            </div>
          </div>
          <button type="button" className="dashboard-sidebar__logout" onClick={() => void signOut()}>
            <Icon name="logout" />
            {t('logout')}
          </button>
        </div>
      </aside>
      {/* Small screens: a click beside the open sidebar closes it (so does Escape, or the toggle). */}
      <div className="dashboard-layout__backdrop" aria-hidden="true" onClick={() => setSidebarOpenAt(null)} />
      <div className="dashboard-layout__body">
        <header className="dashboard-header">
          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle dashboard-header__toggle"
            aria-expanded={sidebarOpen}
            aria-controls="dashboard-sidebar"
            onClick={() => setSidebarOpenAt(sidebarOpen ? null : pathname)}
          >
            <span className="menu-toggle__icon" aria-hidden="true" />
            <span className="visually-hidden">{t(sidebarOpen ? 'closeSidebar' : 'openSidebar')}</span>
          </button>
          <Link to="/" className="dashboard-header__site">
            {t('backToSite')}
          </Link>
          <LanguagePicker compact />
          <UserMenu user={user} onSignOut={() => void signOut()} />
        </header>
        <main id="dashboard-content" ref={mainRef} tabIndex={-1} className="dashboard-layout__main">
          <RouteOutlet />
        </main>
        <footer className="dashboard-footer">
          <p>{t('copyright', { year, name: t('common:site.name') })}</p>
        </footer>
      </div>
    </div>
  );
}
