import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Logo } from '../../../components/logo';
import { PageHeading } from '../../../components/page-heading';
import { useTranslation } from '../../../lib/use-translation';
import './auth-shell.css';

/** The frame of the screens outside the public layout: sign-in and password reset. */
export function AuthShell({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="auth-shell" id="main-content">
      <div className="auth-shell__card card">
        <Link to="/" className="brand auth-shell__brand">
          <Logo size={48} />
          <span className="brand__text">
            <span className="brand__short">{t('site.shortName')}</span>
            <span className="brand__long">{t('site.name')}</span>
          </span>
        </Link>
        <PageHeading title={title}>{lead}</PageHeading>
        {children}
      </div>
    </main>
  );
}
