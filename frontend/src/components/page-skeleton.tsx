import { useTranslation } from '../lib/use-translation';

/**
 * Stands in for a page whose code or data is still on its way: the shape of a page's top (a
 * heading and a few lines) at least a screen tall, so the footer stays below the fold and nothing
 * jumps when the page arrives (Lighthouse's CLS). Screen readers hear "Loading".
 */
export function PageSkeleton({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-skeleton" role="status">
      <div className="container" aria-hidden="true">
        <span className="page-skeleton__line page-skeleton__line--title" />
        <span className="page-skeleton__line" />
        <span className="page-skeleton__line page-skeleton__line--short" />
      </div>
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
