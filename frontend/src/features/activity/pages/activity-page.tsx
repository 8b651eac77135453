import { useEffect, useId, useRef, useState } from 'react';

import { AdminListBody, AdminListFooter, AdminSearchBox } from '../../../components/admin-list-body';
import { EmptyState } from '../../../components/empty-state';
import { PageHeading } from '../../../components/page-heading';
import { adminListState, ADMIN_LIST_POLLING, useAdminListView } from '../../../components/use-admin-list';
import { useToast } from '../../../components/use-toast';
import { csvBlob, saveFile } from '../../../lib/save-file';
import { useTranslation } from '../../../lib/use-translation';
import {
  ACTIVITY_PAGE_SIZE,
  NO_ACTIVITY_FILTERS,
  useExportActivityMutation,
  useGetActivityFacetsQuery,
  useGetActivityQuery,
  type ActivityFilterSet,
} from '../../../lib/activity-api';
import { ActivityTable } from '../activity-table';
import { actionOption, objectTypeName } from '../../../lib/activity-words';
import '../activity.css';

const hasFilters = (filters: ActivityFilterSet) =>
  filters.actor !== null || Boolean(filters.objectType || filters.action || filters.since || filters.until);

/**
 * /dashboard/activity: the audit trail, newest first, searched, filtered (who, kind of record,
 * action, dates) and paged by the server, reloaded every 30 s; the CSV of the filtered list.
 * Personal values come masked: a record's own History shows them.
 */
export function ActivityPage() {
  const { t } = useTranslation('dashboard');
  const toast = useToast();
  const searchId = useId();
  const filterId = useId();
  const ids = {
    actor: `${filterId}-actor`,
    objectType: `${filterId}-type`,
    action: `${filterId}-action`,
    since: `${filterId}-since`,
    until: `${filterId}-until`,
  };

  const view = useAdminListView<ActivityFilterSet>({ filters: NO_ACTIVITY_FILTERS });
  const { searchText, setSearchText, search, filters, selectFilters, page } = view;
  const query = useGetActivityQuery(
    { search, ...filters, page, pageSize: ACTIVITY_PAGE_SIZE },
    { ...ADMIN_LIST_POLLING, refetchOnMountOrArgChange: true },
  );
  const { currentData, isFetching, isError, refetch } = query;
  const { data: facets } = useGetActivityFacetsQuery(undefined);
  const [exportCsv, { isLoading: exporting, reset: forgetExport }] = useExportActivityMutation();
  const [retrying, setRetrying] = useState(false);

  const { shown, switching, first, last } = adminListState(query, {
    rows: (result) => result.results,
    pageSize: ACTIVITY_PAGE_SIZE,
  });
  const loadFailed = currentData === undefined && ((isError && !isFetching) || retrying);

  // Try Again's banner goes once the list is there: the focus goes to the search box.
  const focusSearch = useRef(false);
  useEffect(() => {
    if (focusSearch.current && !loadFailed) {
      focusSearch.current = false;
      if (document.activeElement === document.body) document.getElementById(searchId)?.focus();
    }
  });

  async function retry() {
    if (retrying) return;
    setRetrying(true);
    try {
      await refetch().unwrap();
      focusSearch.current = true;
    } catch {
      // The banner stays and says so.
    } finally {
      setRetrying(false);
    }
  }

  function change<K extends keyof ActivityFilterSet>(name: K, value: ActivityFilterSet[K]) {
    selectFilters({ ...filters, [name]: value });
  }

  async function handleExport() {
    try {
      const csv = await exportCsv({ search: searchText.trim(), ...filters }).unwrap();
      saveFile(csvBlob(csv), 'activity.csv');
    } catch (failure) {
      console.error('Downloading the activity failed', failure);
      toast.error(t('activity.page.downloadFailed'));
    } finally {
      forgetExport();
    }
  }

  function clearAll() {
    setSearchText('');
    selectFilters(NO_ACTIVITY_FILTERS);
    document.getElementById(searchId)?.focus();
  }

  const actors = facets?.actors.filter((actor) => actor.id !== null) ?? [];
  const objectTypes = facets?.object_types ?? [];
  const actions = (facets?.actions ?? []).filter((action) => !filters.objectType || action.startsWith(`${filters.objectType}.`));

  return (
    <div className="page activity-admin">
      <PageHeading title={t('activity.page.title')}>
        <p>{t('activity.page.lead')}</p>
      </PageHeading>

      <div className="activity-admin__toolbar">
        <AdminSearchBox
          block="activity-admin"
          id={searchId}
          label={t('activity.page.searchLabel')}
          placeholder={t('activity.page.searchPlaceholder')}
          value={searchText}
          onChange={setSearchText}
        />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void handleExport()}
          disabled={exporting || !shown}
          aria-busy={exporting}
        >
          {exporting ? t('activity.page.downloading') : t('activity.page.downloadCsv')}
        </button>
      </div>

      <fieldset className="activity-filters">
        <legend className="visually-hidden">{t('activity.page.filtersLegend')}</legend>
        <div className="activity-filters__field">
          <label htmlFor={ids.actor}>{t('activity.page.who')}</label>
          <select
            id={ids.actor}
            value={filters.actor ?? ''}
            onChange={(event) => change('actor', event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">{t('activity.page.anyone')}</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id ?? ''}>
                {actor.name || actor.username}
              </option>
            ))}
          </select>
        </div>
        <div className="activity-filters__field">
          <label htmlFor={ids.objectType}>{t('activity.page.objectType')}</label>
          <select
            id={ids.objectType}
            value={filters.objectType}
            onChange={(event) => {
              const objectType = event.target.value;
              // An action of another kind of record would match nothing.
              const stale = objectType && filters.action && !filters.action.startsWith(`${objectType}.`);
              selectFilters({ ...filters, objectType, action: stale ? '' : filters.action });
            }}
          >
            <option value="">{t('activity.page.anyObjectType')}</option>
            {objectTypes.map((type) => (
              <option key={type} value={type}>
                {objectTypeName(type, t)}
              </option>
            ))}
          </select>
        </div>
        <div className="activity-filters__field">
          <label htmlFor={ids.action}>{t('activity.page.action')}</label>
          <select id={ids.action} value={filters.action} onChange={(event) => change('action', event.target.value)}>
            <option value="">{t('activity.page.anyAction')}</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {actionOption(action, t)}
              </option>
            ))}
          </select>
        </div>
        <div className="activity-filters__field">
          <label htmlFor={ids.since}>{t('activity.page.since')}</label>
          <input
            id={ids.since}
            type="date"
            value={filters.since}
            max={filters.until || undefined}
            onChange={(event) => change('since', event.target.value)}
          />
        </div>
        <div className="activity-filters__field">
          <label htmlFor={ids.until}>{t('activity.page.until')}</label>
          <input
            id={ids.until}
            type="date"
            value={filters.until}
            min={filters.since || undefined}
            onChange={(event) => change('until', event.target.value)}
          />
        </div>
        {hasFilters(filters) && (
          <button
            type="button"
            className="button button--secondary activity-filters__clear"
            onClick={() => {
              selectFilters(NO_ACTIVITY_FILTERS);
              document.getElementById(ids.actor)?.focus();
            }}
          >
            {t('activity.page.clearFilters')}
          </button>
        )}
      </fieldset>

      <div role="alert" className="activity-admin__live">
        {loadFailed && (
          <div className="notice notice--error activity-admin__load-error">
            <p>{t('activity.page.loadFailed')}</p>
            <button type="button" className="button button--secondary" onClick={() => void retry()} aria-busy={retrying}>
              {retrying ? t('activity.page.retrying') : t('activity.page.tryAgain')}
            </button>
          </div>
        )}
      </div>

      <AdminListBody
        shown={shown}
        rows={(result) => result.results}
        loading={!loadFailed}
        loadingLabel={t('activity.page.loading')}
        empty={
          <EmptyState title={t('activity.page.empty')}>
            {(searchText || hasFilters(filters)) && (
              <button type="button" className="button button--secondary" onClick={clearAll}>
                {t('activity.page.clearFilters')}
              </button>
            )}
          </EmptyState>
        }
      >
        {(result) => (
          <>
            <ActivityTable entries={result.results} busy={switching} />
            <AdminListFooter
              block="activity-admin"
              showing={t('activity.page.showing', { from: first, to: last, total: result.count })}
              page={result.page}
              totalPages={result.total_pages}
              onPageChange={view.setPage}
              label={t('activity.page.pagesLabel')}
            />
          </>
        )}
      </AdminListBody>
    </div>
  );
}
