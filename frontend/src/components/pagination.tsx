import { pageWindow } from '../lib/page-window';
import { useTranslation } from '../lib/use-translation';
import './pagination.css';

interface Props {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Events pages'. */
  label?: string;
}

/**
 * First, previous, the page numbers with ellipses (first, last and two either side of the
 * current page), next and last. Small screens keep only Previous and Next.
 */
export function Pagination({ page, totalPages, onPageChange, label }: Props) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const onFirst = page <= 1;
  const onLast = page >= totalPages;
  const go = (target: number) => () => onPageChange(target);

  return (
    <nav className="pagination" aria-label={label ?? t('pagination.label')}>
      <ul className="pagination__list">
        <li className="pagination__wide">
          <button type="button" className="pagination__button" onClick={go(1)} disabled={onFirst} aria-label={t('pagination.first')}>
            <span aria-hidden="true">«</span>
          </button>
        </li>
        <li>
          <button type="button" className="pagination__button pagination__step" onClick={go(page - 1)} disabled={onFirst}>
            <span aria-hidden="true">‹</span> {t('pagination.previous')}
          </button>
        </li>
        {pageWindow(page, totalPages).map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`gap-${index}`} className="pagination__wide pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item} className="pagination__wide">
              <button
                type="button"
                className="pagination__button"
                onClick={go(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className="pagination__button pagination__step" onClick={go(page + 1)} disabled={onLast}>
            {t('pagination.next')} <span aria-hidden="true">›</span>
          </button>
        </li>
        <li className="pagination__wide">
          <button type="button" className="pagination__button" onClick={go(totalPages)} disabled={onLast} aria-label={t('pagination.last')}>
            <span aria-hidden="true">»</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
