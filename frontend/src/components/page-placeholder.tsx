import { useTranslation } from '../lib/use-translation';
import { PageHeading } from './page-heading';

/** Stands in for a page that is not built yet. */
export function PagePlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow">
      <PageHeading title={title}>
        <p>{t('placeholder.comingSoon')}</p>
      </PageHeading>
    </section>
  );
}
