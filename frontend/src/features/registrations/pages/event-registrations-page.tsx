import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { AdminListFooter, AdminSearchBox } from '../../../components/admin-list-body';
import { PageHeading } from '../../../components/page-heading';
import { Spinner } from '../../../components/spinner';
import {
  adminListState,
  ADMIN_LIST_POLLING,
  ADMIN_LIST_POLLING_INTERVAL,
  useAdminListView,
} from '../../../components/use-admin-list';
import { useToast } from '../../../components/use-toast';
import { formatDate, formatTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import {
  canBulkDecide,
  holdsSeat,
  REGISTRATION_STATUSES,
  useExportAttendanceMutation,
  useExportRegistrationsMutation,
  useGetEventRegistrationsQuery,
  type AdminRegistration,
  type BulkAction,
  type RegistrationDecision,
  type RegistrationStatus,
} from '../admin-api';
import { AccessNeeds } from '../admin/access-needs';
import { BulkDialog } from '../admin/bulk-dialog';
import { BulkToolbar } from '../admin/bulk-toolbar';
import { EraseDialog } from '../admin/erase-dialog';
import { LoadFailure } from '../admin/load-failure';
import { RegistrationCounters } from '../admin/registration-counters';
import { RegistrationDialog } from '../admin/registration-dialog';
import '../admin/registrations-admin.css';
import { actionsId, RegistrationsTable } from '../admin/registrations-table';
import { csvBlob, saveFile } from '../../../lib/save-file';
import { WaitlistSection } from '../admin/waitlist-section';

/** New sign-ups and other admins' decisions show up without a reload (SPEC §9's 30 s). */
export const REGISTRATIONS_POLLING_INTERVAL = ADMIN_LIST_POLLING_INTERVAL;

type Dialog = { registration: AdminRegistration; decision: RegistrationDecision } | null;
type BulkDialogState = { action: BulkAction; registrations: AdminRegistration[] } | null;
/** A decision whose row the focus follows until the view is read again. */
type Decided = { id: number; status: RegistrationStatus; at: number };

function isRegistrationStatus(value: string): value is RegistrationStatus {
  return (REGISTRATION_STATUSES as readonly string[]).includes(value);
}

/**
 * /dashboard/registrations/:eventId: the payment desk of one event. Its counters and access
 * needs, the registrations (searched, filtered and paged by the server, reloaded every 30 s),
 * approve (with the payment details), reject or cancel one, reject or cancel the rows selected on
 * the page, erase one, the CSV export and the waiting list. After every decision the view is read
 * again: the counters are always the server's. While the doors are open, the same poll shows how
 * many were checked in against the confirmed seats, each row its check-in time; the attendance
 * (the door's check-ins) downloads as CSV.
 */
export function EventRegistrationsPage() {
  const { t } = useTranslation('registrations-admin');
  const toast = useToast();
  const searchId = useId();
  const statusId = useId();
  const params = useParams();
  const eventId = Number(params.eventId);
  const validId = Number.isInteger(eventId) && eventId > 0;

  const view = useAdminListView<RegistrationStatus | null>({ filters: null, scope: eventId });
  const { searchText, setSearchText, search, filters: status, setFilters: setStatus, page, viewKey } = view;

  const query = useGetEventRegistrationsQuery(
    { eventId, search, status, page },
    // A view seen earlier is asked again on return, not shown as it was then.
    { ...ADMIN_LIST_POLLING, skip: !validId, refetchOnMountOrArgChange: true },
  );
  const { data, fulfilledTimeStamp } = query;
  const [exportCsv, { isLoading: exporting, reset: forgetExport }] = useExportRegistrationsMutation();
  const [exportAttendanceCsv, { isLoading: exportingAttendance, reset: forgetAttendance }] = useExportAttendanceMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [bulkDialog, setBulkDialog] = useState<BulkDialogState>(null);
  const [erasing, setErasing] = useState<AdminRegistration | null>(null);
  // The rows selected for a bulk action belong to one page of one view.
  const selectionKey = JSON.stringify([viewKey, page]);
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: selectionKey, ids: [] });
  const tableRef = useRef<HTMLTableElement>(null);

  // While another view of this event loads, the previous rows stay (dimmed); never another event's.
  const {
    shown,
    failed,
    switching: switchingView,
    first: firstShown,
    last: lastShown,
  } = adminListState(query, { rows: (page) => page.registrations, keep: data?.event.id === eventId });
  const loadFailed = !validId || failed;

  // Only rows still shown and still open to a bulk action count as selected (a refresh may have
  // decided them meanwhile).
  const selectableRows = (shown?.registrations ?? []).filter((row) => canBulkDecide(row.registration_status));
  const chosenIds = new Set(selection.key === selectionKey ? selection.ids : []);
  const selectedRows = selectableRows.filter((row) => chosenIds.has(row.id));
  const selectedIds = new Set(selectedRows.map((row) => row.id));
  function select(ids: number[]) {
    setSelection({ key: selectionKey, ids });
  }

  // After a decision the row's buttons change: if the one that opened the dialog is gone, the
  // focus goes to the row's new action rather than to the top of the page (once the row shows
  // the decision); if the row leaves the view when it is read again (a status filter), to the
  // table. After a bulk action, the rows' boxes and the toolbar's buttons are gone or disabled:
  // the table takes the focus.
  const decided = useRef<Decided | null>(null);
  const focusTable = useRef(false);
  // After an erasure the row and its buttons go: the table holds the focus until the row has
  // left (or the view has been read again).
  const erased = useRef<{ id: number; at: number } | null>(null);
  useEffect(() => {
    if (dialog || bulkDialog || erasing) return;
    const gone = erased.current;
    if (gone !== null) {
      tableRef.current?.focus();
      const shownStill = shown?.registrations.some((registration) => registration.id === gone.id);
      if (!shownStill || (fulfilledTimeStamp ?? 0) >= gone.at) erased.current = null;
      return;
    }
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (focusTable.current) {
      focusTable.current = false;
      if (lost) tableRef.current?.focus();
      return;
    }
    const pending = decided.current;
    if (pending === null) return;
    const row = shown?.registrations.find((registration) => registration.id === pending.id);
    const readAgain = (fulfilledTimeStamp ?? 0) >= pending.at;
    if (row && row.registration_status !== pending.status && !readAgain) return;
    if (readAgain) decided.current = null;
    if (!lost) return;
    if (row) document.getElementById(actionsId(row))?.querySelector('button')?.focus();
    else tableRef.current?.focus();
  });

  async function handleExport() {
    try {
      const file = await exportCsv({ eventId, search: searchText.trim(), status }).unwrap();
      saveFile(csvBlob(file.csv), file.filename);
    } catch (failure) {
      console.error('Exporting the registrations failed', failure);
      toast.error(t('event.exportFailed'));
    } finally {
      // The file is saved: the store need not keep its text.
      forgetExport();
    }
  }

  async function handleAttendanceExport() {
    try {
      const file = await exportAttendanceCsv({ eventId }).unwrap();
      saveFile(csvBlob(file.csv), file.filename);
    } catch (failure) {
      console.error('Exporting the attendance failed', failure);
      toast.error(t('event.exportAttendanceFailed'));
    } finally {
      forgetAttendance();
    }
  }

  if (loadFailed) {
    return (
      <div className="page registrations-admin">
        <PageHeading title={t('event.fallbackTitle')} />
        <LoadFailure message={t('event.loadFailed')} backTo="/dashboard/registrations" />
      </div>
    );
  }

  const event = shown?.event;
  const time = formatTime(event?.time);
  const date = formatDate(event?.date);

  return (
    <div className="page registrations-admin">
      <PageHeading title={event?.title ?? t('event.fallbackTitle')}>
        {event && (
          <p>
            {time ? t('dateTime', { date, time }) : date}
            {event.location && <span className="registrations-admin__location">{event.location}</span>}
          </p>
        )}
      </PageHeading>

      <div className="registrations-admin__toolbar">
        <Link to="/dashboard/registrations" className="button button--secondary">
          <span aria-hidden="true">←</span> {t('event.backToAll')}
        </Link>
        <div className="registrations-admin__exports">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void handleExport()}
            disabled={exporting || !shown}
            aria-busy={exporting}
          >
            {exporting ? t('event.exporting') : t('event.exportCsv')}
          </button>
          {/* Who was checked in at the door, when and by which device (the whole event, whatever the filter). */}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void handleAttendanceExport()}
            disabled={exportingAttendance || !shown}
            aria-busy={exportingAttendance}
          >
            {exportingAttendance ? t('event.exporting') : t('event.exportAttendance')}
          </button>
          {/* A full load: the door's screen has its own service worker scope and camera permission. */}
          <Link to={`/dashboard/checkin/${eventId}`} reloadDocument className="button button--secondary">
            {t('event.checkinScreen')}
          </Link>
        </div>
      </div>

      {shown === undefined ? (
        <Spinner label={t('event.loading')} />
      ) : (
        <>
          <div className="registrations-admin__summary">
            <RegistrationCounters counters={shown} />
            <AccessNeeds needs={shown.access_needs} />
          </div>

          <div className="registrations-admin__filters">
            <AdminSearchBox
              block="registrations-admin"
              id={searchId}
              label={t('event.searchLabel')}
              placeholder={t('event.searchPlaceholder')}
              value={searchText}
              onChange={setSearchText}
            />
            <div className="registrations-admin__status-filter">
              <label htmlFor={statusId}>{t('event.statusFilter')}</label>
              <select
                id={statusId}
                value={status ?? ''}
                onChange={(change) => setStatus(isRegistrationStatus(change.target.value) ? change.target.value : null)}
              >
                <option value="">{t('event.allStatuses')}</option>
                {REGISTRATION_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`common:status.registration.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {selectableRows.length > 0 && (
            <BulkToolbar
              selectable={selectableRows.length}
              selected={selectedRows.length}
              onSelectAll={(all) => select(all ? selectableRows.map((row) => row.id) : [])}
              onAction={(action) => setBulkDialog({ action, registrations: selectedRows })}
            />
          )}
          <RegistrationsTable
            registrations={shown.registrations}
            busy={switchingView}
            onDecide={(registration, decision) => setDialog({ registration, decision })}
            onErase={setErasing}
            selected={selectedIds}
            onSelect={(registration, chosen) =>
              select(chosen ? [...selectedIds, registration.id] : [...selectedIds].filter((id) => id !== registration.id))
            }
            now={fulfilledTimeStamp ?? 0}
            tableRef={tableRef}
          />
          {shown.count > 0 && (
            <AdminListFooter
              block="registrations-admin"
              showing={t('event.showing', { from: firstShown, to: lastShown, total: shown.count })}
              page={shown.page}
              totalPages={shown.total_pages}
              onPageChange={view.setPage}
              label={t('event.pagesLabel')}
            />
          )}

          <WaitlistSection eventId={eventId} pollingInterval={REGISTRATIONS_POLLING_INTERVAL} />
        </>
      )}

      {dialog && (
        <RegistrationDialog
          registration={dialog.registration}
          decision={dialog.decision}
          now={fulfilledTimeStamp ?? 0}
          onClose={() => setDialog(null)}
          onDecided={(updated) => {
            decided.current = { id: updated.id, status: updated.registration_status, at: Date.now() };
          }}
        />
      )}
      {erasing && (
        <EraseDialog
          eventId={eventId}
          target={{
            kind: 'registration',
            id: erasing.id,
            name: erasing.full_name,
            holdsSeat: holdsSeat(erasing.registration_status),
          }}
          onClose={() => setErasing(null)}
          onGone={() => {
            erased.current = { id: erasing.id, at: Date.now() };
          }}
        />
      )}
      {bulkDialog && (
        <BulkDialog
          eventId={eventId}
          action={bulkDialog.action}
          registrations={bulkDialog.registrations}
          onClose={() => setBulkDialog(null)}
          onDone={() => {
            select([]);
            focusTable.current = true;
          }}
        />
      )}
    </div>
  );
}
