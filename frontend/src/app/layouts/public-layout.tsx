import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';

import icons from '../../assets/site-icons.svg?no-inline';
import { LanguagePicker } from '../../components/language-picker';
import { LoadingText } from '../../components/loading-text';
import { Logo } from '../../components/logo';
import { SocialLinks } from '../../components/social-links';
import { useCloseOnEscape } from '../../components/use-close-on-escape';
import { phoneHref } from '../../lib/event-defaults';
import { whatsappChatUrl } from '../../lib/site-config';
import { useTranslation } from '../../lib/use-translation';
import { useGetSiteConfigQuery } from '../../lib/api';
import './public-layout.css';
import { RouteOutlet } from './route-outlet';
import { useFocusOnNavigation } from './use-focus-on-navigation';
import { mailtoHref } from '../../lib/mailto';

const NAV_LINKS = [
  { to: '/', key: 'nav.home' },
  { to: '/about', key: 'nav.about' },
  { to: '/services', key: 'nav.services' },
  { to: '/Resources', key: 'nav.resources' },
  { to: '/Updates', key: 'nav.updates' },
  { to: '/events', key: 'nav.events' },
  { to: '/interpreters', key: 'nav.interpreters' },
  { to: '/contact', key: 'nav.contact' },
] as const;

/** True once the page is scrolled past the given height (read on every scroll). */
function useScrolledPast(height: React.RefObject<number>) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > height.current);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [height]);
  return past;
}

function SiteHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The small-screen menu is open for one page only: navigating closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const [height, setHeight] = useState(0);
  const barRef = useRef<HTMLDivElement>(null);
  // The bar's own height with the menu closed: opening the menu must not unstick the bar.
  const closedHeight = useRef(0);
  const stuck = useScrolledPast(closedHeight);

  // Keep the bar's space in the flow while it is fixed, so the page does not jump.
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const measure = () => {
      setHeight(bar.offsetHeight);
      if (!bar.querySelector('.main-nav--open')) closedHeight.current = bar.offsetHeight;
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(bar);
    return () => observer?.disconnect();
  }, []);

  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpenAt(null), []);
  useCloseOnEscape(menuOpen, closeMenu, toggleRef);

  return (
    <header className="site-header" style={stuck ? { minHeight: height } : undefined}>
      <div ref={barRef} className={`site-header__bar${stuck ? ' site-header__bar--stuck' : ''}`}>
        <div className="site-header__inner container">
          <Link to="/" className="brand">
            <Logo />
            <span className="brand__text">
              <span className="brand__short">{t('site.shortName')}</span>
              <span className="brand__long">{t('site.name')}</span>
            </span>
          </Link>
          {/* The language picker in the header, beside the menu button: reachable on every page and
              on phones without opening the menu (a reader looks for it at the top). */}
          <div className="site-header__tools">
            <LanguagePicker compact className="site-header__language" />
          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            onClick={() => setMenuOpenAt(menuOpen ? null : pathname)}
          >
            <span className="menu-toggle__icon" aria-hidden="true" />
            <span className="visually-hidden">{t(menuOpen ? 'a11y.closeMenu' : 'a11y.openMenu')}</span>
          </button>
          </div>
          <nav
            id="main-menu"
            className={`main-nav${menuOpen ? ' main-nav--open' : ''}`}
            aria-label={t('a11y.mainNavigation')}
          >
            <ul className="main-nav__list">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end className="main-nav__link">
                    {t(link.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <Link to="/membership" className="button button--accent main-nav__join">
              {t('nav.joinUs')}
            </Link>
          </nav>
        </div>
      </div>
    </header>
  );
}

function FooterSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  // The association's details live on the server; until they arrive each line keeps its height.
  const association = useGetSiteConfigQuery(undefined).data?.association;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <FooterSection id="footer-about" title={t('footer.aboutHeading')}>
          <p>{t('footer.about')}</p>
        </FooterSection>
        <FooterSection id="footer-links" title={t('footer.linksHeading')}>
          <ul className="plain-list site-footer__links">
            {NAV_LINKS.slice(1).map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.key)}</Link>
              </li>
            ))}
            <li>
              <Link to="/request-interpreter">{t('nav.requestInterpreter')}</Link>
            </li>
            <li>
              <Link to="/interpreting">{t('nav.interpretingNumbers')}</Link>
            </li>
            <li>
              <Link to="/membership">{t('nav.joinUs')}</Link>
            </li>
            <li>
              <Link to="/privacy">{t('privacy.footerLink')}</Link>
            </li>
          </ul>
        </FooterSection>
        <FooterSection id="footer-contact" title={t('footer.contactHeading')}>
          <address className="site-footer__address">
            <p>
              <span className="site-footer__label">{t('footer.addressLabel')}: </span>
              {association ? association.address : <LoadingText />}
            </p>
            <p>
              <span className="site-footer__label">{t('footer.phoneLabel')}: </span>
              {association ? <a href={phoneHref(association.phone)}>{association.phone}</a> : <LoadingText />}
            </p>
            <p>
              <span className="site-footer__label">{t('footer.emailLabel')}: </span>
              {association ? <a href={mailtoHref(association.email)}>{association.email}</a> : <LoadingText />}
            </p>
          </address>
        </FooterSection>
        <FooterSection id="footer-follow" title={t('footer.followHeading')}>
          <SocialLinks />
        </FooterSection>
      </div>
      <p className="site-footer__copyright container">
        {t('footer.copyright', { year, name: t('site.name') })}
      </p>
    </footer>
  );
}

/** The floating WhatsApp link; it appears once the association's phone number is known. */
function ChatLink() {
  const { t } = useTranslation();
  const phone = useGetSiteConfigQuery(undefined).data?.association.phone;
  if (!phone) return null;
  return (
    <a
      className="chat-link"
      href={whatsappChatUrl(phone, t('chat.greeting'))}
      target="_blank"
      rel="noopener noreferrer"
    >
      <svg width="28" height="28" aria-hidden="true" focusable="false">
        <use href={`${icons}#whatsapp`} fill="currentColor" />
      </svg>
      <span className="visually-hidden">
        {t('chat.label')} {t('a11y.opensInNewTab')}
      </span>
    </a>
  );
}

/** The frame of every public page: skip link, navigation bar, content, footer, chat link. */
export function PublicLayout() {
  const { t } = useTranslation();
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigation(mainRef);

  return (
    <div className="public-layout">
      <a className="skip-link" href="#main-content">
        {t('a11y.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main-content" ref={mainRef} tabIndex={-1} className="public-layout__main">
        <RouteOutlet />
      </main>
      <SiteFooter />
      <ChatLink />
    </div>
  );
}
