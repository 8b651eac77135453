import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { AdminListBody, AdminListFooter, AdminSearchBox } from '../../../components/admin-list-body';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageHeading } from '../../../components/page-heading';
import {
  adminListState,
  ADMIN_LIST_POLLING,
  ADMIN_LIST_POLLING_INTERVAL,
  useAdminListView,
} from '../../../components/use-admin-list';
import { useToast } from '../../../components/use-toast';
import { errorText } from '../../../lib/api-error';
import {
  DEFAULT_EVENT_ORDERING,
  DEFAULT_EVENT_PAGE_SIZE,
  EVENT_PAGE_SIZES,
  EVENT_STATUSES,
  useDeleteEventMutation,
  useGetAdminEventsQuery,
  type AdminEvent,
  type EventListArgs,
  type EventOrdering,
  type EventPageSize,
  type EventStatus,
} from '../admin-api';
import { useTranslation } from '../../../lib/use-translation';
import { EventStatusDialog } from '../admin/event-status-dialog';
import '../admin/events-admin.css';
import { EventsTable } from '../admin/events-table';

/** SPEC §9: the list reloads itself every 30 s, silently. */
export const EVENTS_POLLING_INTERVAL = ADMIN_LIST_POLLING_INTERVAL;

type Dialog = { kind: 'status'; event: AdminEvent } | { kind: 'delete'; event: AdminEvent } | null;

/** /dashboard/events: the admin's list of every event, paged, sorted, filtered and searched by the server. */
export function EventsAdminPage() {
  const { t } = useTranslation('events-admin');
  const toast = useToast();
  const searchId = useId();
  const pageSizeId = useId();

  const view = useAdminListView<EventStatus | null, EventOrdering>({
    filters: null,
    ordering: DEFAULT_EVENT_ORDERING,
    pageSize: DEFAULT_EVENT_PAGE_SIZE,
  });
  const { searchText, setSearchText, search, filters: status, setFilters: setStatus, page } = view;
  const ordering = view.ordering ?? DEFAULT_EVENT_ORDERING;
  const pageSize = (view.pageSize ?? DEFAULT_EVENT_PAGE_SIZE) as EventPageSize;

  const args: EventListArgs = { status, search, ordering, page, pageSize };
  const argsKey = JSON.stringify(args);
  const query = useGetAdminEventsQuery(args, ADMIN_LIST_POLLING);
  const { currentData, isLoading, isFetching, isError, error, refetch } = query;

  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const [deleteEvent, { isLoading: deleting }] = useDeleteEventMutation();

  // A manual load (Refresh, Try Again) reports its outcome itself; background ones stay silent.
  const [refreshing, setRefreshing] = useState(false);
  const [manualLoadFailed, setManualLoadFailed] = useState(false);
  const announcedFailure = useRef<string | null>(null);

  // A view that fails to load at all is announced once (not again at every silent retry).
  useEffect(() => {
    if (currentData !== undefined) {
      announcedFailure.current = null;
      return;
    }
    if (!isError || isFetching || refreshing || announcedFailure.current === argsKey) return;
    announcedFailure.current = argsKey;
    toast.error(t('list.loadFailedToast', { message: errorText(error) ?? t('list.unknownError') }));
  }, [currentData, isError, isFetching, refreshing, argsKey, error, toast, t]);

  async function reload() {
    setRefreshing(true);
    try {
      await refetch().unwrap();
      setManualLoadFailed(false);
      toast.success(t('list.loadedToast'));
    } catch (failure) {
      console.error('Loading the events failed', failure);
      announcedFailure.current = argsKey;
      setManualLoadFailed(true);
      toast.error(t('list.loadFailedToast', { message: errorText(failure) ?? t('list.unknownError') }));
    } finally {
      setRefreshing(false);
    }
  }

  async function confirmDelete(event: AdminEvent) {
    try {
      await deleteEvent(event.id).unwrap();
      setDeleteFailed(false);
      toast.success(t('list.deletedToast', { title: event.title }));
    } catch (failure) {
      console.error('Deleting the event failed', failure);
      setDeleteFailed(true);
      toast.error(t('list.deleteFailedToast', { message: errorText(failure) ?? t('list.unknownError') }));
    }
    setDialog(null);
  }

  // While another view loads, the previous rows stay (dimmed); a view that failed shows the banner.
  const { shown, failed, switching: switchingView, first: firstShown, last: lastShown } = adminListState(query, {
    rows: (page) => page.results,
  });
  const loadFailed = failed || manualLoadFailed;
  const statusLabel = status ? t(`common:status.event.${status}`) : '';

  function emptyHint() {
    if (search && status) return t('list.emptyHintSearchStatus', { search, status: statusLabel });
    if (search) return t('list.emptyHintSearch', { search });
    if (status) return t('list.emptyHintStatus', { status: statusLabel });
    return t('list.emptyHintAll');
  }

  return (
    <div className="page events-admin">
      <PageHeading title={t('list.title')}>
        <p>{t('list.lead')}</p>
      </PageHeading>

      <div className="events-admin__toolbar">
        <AdminSearchBox
          block="events-admin"
          id={searchId}
          label={t('list.searchLabel')}
          placeholder={t('list.searchPlaceholder')}
          value={searchText}
          onChange={setSearchText}
        />
        <div className="events-admin__buttons">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void reload()}
            disabled={refreshing}
          >
            {t('list.refresh')}
          </button>
          <Link to="/dashboard/create-event" className="button button--primary">
            {t('list.create')}
          </Link>
        </div>
      </div>

      <div className="events-admin__filters" role="group" aria-label={t('list.filterLabel')}>
        {[null, ...EVENT_STATUSES].map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            className="filter-chip"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {value ? t(`common:status.event.${value}`) : t('list.all')}
          </button>
        ))}
      </div>

      <div role="status" className="events-admin__live">
        {refreshing && <p className="events-admin__refreshing">{t('list.refreshing')}</p>}
      </div>

      <div role="alert" className="events-admin__live">
        {deleteFailed && <p className="notice notice--error">{t('list.deleteFailed')}</p>}
        {loadFailed && (
          <div className="notice notice--error events-admin__load-error">
            <p>{t('list.loadFailed')}</p>
            <button type="button" className="button button--secondary" onClick={() => void reload()} disabled={refreshing}>
              {t('list.tryAgain')}
            </button>
          </div>
        )}
      </div>

      <AdminListBody
        shown={shown}
        rows={(page) => page.results}
        loading={(isLoading || isFetching) && !loadFailed}
        loadingLabel={t('list.loading')}
        empty={
          <EmptyState title={t('list.empty')} hint={emptyHint()}>
            {searchText ? (
              <button type="button" className="button button--secondary" onClick={() => setSearchText('')}>
                {t('list.clearSearch')}
              </button>
            ) : (
              !status && (
                <Link to="/dashboard/create-event" className="button button--primary">
                  {t('list.create')}
                </Link>
              )
            )}
          </EmptyState>
        }
      >
        {(shown) => (
          <>
            <EventsTable
              events={shown.results}
              ordering={ordering}
              onSort={view.sortBy}
              onChangeStatus={(event) => setDialog({ kind: 'status', event })}
              onDelete={(event) => setDialog({ kind: 'delete', event })}
              busy={switchingView}
            />
            <AdminListFooter
              block="events-admin"
              showing={t('list.showing', { from: firstShown, to: lastShown, total: shown.count })}
              page={shown.page}
              totalPages={shown.total_pages}
              onPageChange={view.setPage}
              label={t('list.pagesLabel')}
            >
              <div className="events-admin__page-size">
                <label htmlFor={pageSizeId}>{t('list.pageSize')}</label>
                <select
                  id={pageSizeId}
                  value={pageSize}
                  onChange={(event) => view.setPageSize(Number(event.target.value))}
                >
                  {EVENT_PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </div>
            </AdminListFooter>
          </>
        )}
      </AdminListBody>

      {dialog?.kind === 'status' && <EventStatusDialog event={dialog.event} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('deleteModal.title')}
          confirmLabel={t('deleteModal.confirm')}
          pendingLabel={t('deleteModal.deleting')}
          pending={deleting}
          tone="danger"
          onConfirm={() => void confirmDelete(dialog.event)}
          onCancel={() => setDialog(null)}
        >
          <p>{t('deleteModal.question', { title: dialog.event.title })}</p>
          {dialog.event.total_registrations_count > 0 && (
            <p>{t('deleteModal.registrations', { count: dialog.event.total_registrations_count })}</p>
          )}
          {/* Says what happens: a deletion tells nobody (cancelling the event is what e-mails them). */}
          <p>{t('deleteModal.noEmail')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
