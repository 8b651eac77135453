import { useState, type ReactNode } from 'react';

import { AdminListBody, AdminListFooter, AdminSearchBox } from '../../../components/admin-list-body';
import { EmptyState } from '../../../components/empty-state';
import { adminListState, type AdminListView } from '../../../components/use-admin-list';
import { useToast } from '../../../components/use-toast';
import { errorText } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import type { ContentPage } from '../admin-api';

export type ContentKind = 'resources' | 'updates' | 'messages';

/** The element id of a list's Add button, where the focus goes when a row's button is gone. */
export const addButtonId = (kind: ContentKind) => `content-add-${kind}`;
/** The element id of a list's search box (the focus's place when the list has no Add button). */
export const searchBoxId = (kind: ContentKind) => `content-search-${kind}`;

interface ListQuery<T> {
  data?: ContentPage<T> | undefined;
  currentData?: ContentPage<T> | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => { unwrap: () => Promise<unknown> };
}

interface Props<T> {
  kind: ContentKind;
  view: AdminListView;
  query: ListQuery<T>;
  /** Without it the list has no Add button (messages come from visitors). */
  onAdd?: () => void;
  /** What the search matches, when not a title or a description. */
  searchPlaceholder?: string;
  /** The table of the rows shown; `busy` while another page or search loads. */
  children: (items: T[], busy: boolean) => ReactNode;
}

/**
 * One list of the Content page: search, Add, the table with its paging, and the loading,
 * empty and failed states. Polling refreshes keep the rows on screen (no loader flashes).
 */
export function ContentList<T>({ kind, view, query, onAdd, searchPlaceholder, children }: Props<T>) {
  const { t } = useTranslation('content-admin');
  const toast = useToast();
  const searchId = searchBoxId(kind);
  const [retrying, setRetrying] = useState(false);
  const { isLoading, isFetching } = query;
  // While another page or search loads, the previous rows stay (dimmed).
  const { shown, failed: loadFailed, switching, first, last } = adminListState(query, { rows: (page) => page.results });

  async function retry() {
    setRetrying(true);
    try {
      await query.refetch().unwrap();
    } catch (failure) {
      console.error(`Loading the ${kind} failed`, failure);
      toast.error(t(`${kind}.loadFailedToast`, { message: errorText(failure) ?? t('unknownError') }));
    } finally {
      setRetrying(false);
    }
  }

  return (
    <>
      <div className="content-admin__toolbar">
        <AdminSearchBox
          block="content-admin"
          id={searchId}
          label={t(`${kind}.searchLabel`)}
          placeholder={searchPlaceholder ?? t('searchPlaceholder')}
          value={view.searchText}
          onChange={view.setSearchText}
        />
        {onAdd && (
          <button id={addButtonId(kind)} type="button" className="button button--primary" onClick={onAdd}>
            {t(`${kind}.add`)}
          </button>
        )}
      </div>

      <div role="alert" className="content-admin__live">
        {loadFailed && (
          <div className="notice notice--error content-admin__load-error">
            <p>{t(`${kind}.loadFailed`)}</p>
            <button type="button" className="button button--secondary" onClick={() => void retry()} disabled={retrying}>
              {t('tryAgain')}
            </button>
          </div>
        )}
      </div>

      <AdminListBody
        shown={shown}
        rows={(page) => page.results}
        loading={(isLoading || isFetching) && !loadFailed}
        loadingLabel={t(`${kind}.loading`)}
        empty={
          view.search ? (
            <EmptyState title={t(`${kind}.emptySearch`, { search: view.search })}>
              <button type="button" className="button button--secondary" onClick={() => view.setSearchText('')}>
                {t('clearSearch')}
              </button>
            </EmptyState>
          ) : (
            <EmptyState title={t(`${kind}.empty`)} hint={t(`${kind}.emptyHint`)} />
          )
        }
      >
        {(shown) => (
          <>
            {children(shown.results, switching)}
            <AdminListFooter
              block="content-admin"
              showing={t(`${kind}.showing`, { from: first, to: last, total: shown.count })}
              page={shown.page}
              totalPages={shown.total_pages}
              onPageChange={view.setPage}
              label={t(`${kind}.pagesLabel`)}
            />
          </>
        )}
      </AdminListBody>
    </>
  );
}
