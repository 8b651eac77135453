import { Link } from 'react-router-dom';

import { PageHeading } from './page-heading';
import { useTranslation } from '../lib/use-translation';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow">
      <PageHeading title={t('notFound.title')}>
        <p>{t('notFound.body')}</p>
      </PageHeading>
      <Link to="/" className="button button--primary">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
