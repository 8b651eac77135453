import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AdminListBody, AdminListFooter, AdminSearchBox } from '../../../components/admin-list-body';
import { EmptyState } from '../../../components/empty-state';
import { PageHeading } from '../../../components/page-heading';
import {
  adminListState,
  ADMIN_LIST_POLLING,
  ADMIN_LIST_POLLING_INTERVAL,
  useAdminListView,
} from '../../../components/use-admin-list';
import { useToast } from '../../../components/use-toast';
import { useTranslation } from '../../../lib/use-translation';
import {
  MEMBERS_PAGE_SIZE,
  NO_FILTERS,
  filtersFromLink,
  memberPageCount,
  useApproveMemberMutation,
  useDeleteMemberMutation,
  useExportMembersMutation,
  useGetMembersQuery,
  useLazyGetMemberQuery,
  useRejectMemberMutation,
  useToggleMemberActiveMutation,
  type Member,
  type MemberRecord,
  type MemberFilterSet,
  type MemberOrdering,
} from '../admin-api';
import { ActiveFilters } from '../admin/active-filters';
import { MemberEditDialog } from '../admin/member-edit-dialog';
import { MemberFiltersDialog } from '../admin/member-filters-dialog';
import { MemberViewDialog } from '../admin/member-view-dialog';
import '../admin/members-admin.css';
import { actionsId, memberName, MembersTable, type MemberAction } from '../admin/members-table';
import { csvBlob, saveFile } from '../../../lib/save-file';

/** New applications and other admins' changes show up without a reload (SPEC §9's 30 s). */
export const MEMBERS_POLLING_INTERVAL = ADMIN_LIST_POLLING_INTERVAL;

type Dialog =
  | { kind: 'view'; member: MemberRecord }
  | { kind: 'edit' | 'delete' | 'approve' | 'reject'; member: Member }
  | { kind: 'filters' | 'create' }
  | null;

/** After an action, where the focus goes once the button it was on has gone (see the effect). */
interface FocusAfter {
  id: number;
  /** True once the rows show the action's outcome. */
  settled: (row: Member | undefined) => boolean;
}

const filterCount = ({ statuses, types, active, standings }: MemberFilterSet) =>
  statuses.length + types.length + standings.length + (active === null ? 0 : 1);

/**
 * /dashboard/members: the members, searched, filtered and paged by the server and reloaded
 * every 30 s without a flash; view, edit, approve, reject, activate and delete; the CSV export
 * of the filtered list; Add Member opens staff's own form (no bot challenge or rate limit).
 * Approve, Reject and Delete ask first, saying who is e-mailed. A link may open it filtered and
 * sorted (`?standing=Expiring&ordering=membership_end`, from the dashboard home).
 */
export function MembersPage() {
  const { t } = useTranslation('members-admin');
  const toast = useToast();
  const searchId = useId();
  const filtersButtonId = useId();
  const [linkParams] = useSearchParams();
  // Read once, when the page opens: later choices are the page's own.
  const [fromLink] = useState(() => filtersFromLink(linkParams));

  const view = useAdminListView<MemberFilterSet, MemberOrdering>({ filters: fromLink.filters, ordering: fromLink.ordering });
  const { searchText, setSearchText, search, filters, setFilters, page, ordering } = view;

  const query = useGetMembersQuery(
    { search, ...filters, ordering, page },
    // A view seen earlier is asked again on return, not shown as it was then.
    { ...ADMIN_LIST_POLLING, refetchOnMountOrArgChange: true },
  );
  const { currentData, isFetching, isError, refetch } = query;
  const [fetchMember] = useLazyGetMemberQuery();
  const [approveMember, { isLoading: approving }] = useApproveMemberMutation();
  const [rejectMember, { isLoading: rejecting }] = useRejectMemberMutation();
  const [toggleActive] = useToggleMemberActiveMutation();
  const [deleteMember, { isLoading: deleting }] = useDeleteMemberMutation();
  const [exportCsv, { isLoading: exporting, reset: forgetExport }] = useExportMembersMutation();

  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [retrying, setRetrying] = useState(false);

  // While another view loads, the previous rows stay (dimmed); a view that failed shows the
  // banner, which stays while Try Again asks again. A background reload that fails keeps the
  // rows and says nothing.
  const {
    shown,
    switching: switchingView,
    first: firstShown,
    last: lastShown,
  } = adminListState(query, { rows: (page) => page.results, pageSize: MEMBERS_PAGE_SIZE });
  const loadFailed = currentData === undefined && ((isError && !isFetching) || retrying);

  // Approve, Reject and Delete take away the button they were pressed on: once the row shows
  // the outcome, the focus goes to the row's first action, or to the search box when the
  // row is gone, rather than to the top of the page.
  const focusAfter = useRef<FocusAfter | null>(null);
  // Try Again's banner goes once the list is there: the focus goes to the search box.
  const focusSearch = useRef(false);
  useEffect(() => {
    if (focusSearch.current && !loadFailed) {
      focusSearch.current = false;
      if (document.activeElement === document.body) document.getElementById(searchId)?.focus();
    }
    const pending = focusAfter.current;
    if (pending === null || dialog) return;
    const row = shown?.results.find((member) => member.id === pending.id);
    if (!pending.settled(row)) return;
    focusAfter.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const target = row ? document.getElementById(actionsId(row))?.querySelector('button') : null;
    (target ?? document.getElementById(searchId))?.focus();
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

  /** View and Edit start from the member as the server has them now (SPEC §8's toasts if not). */
  async function open(kind: 'view' | 'edit', member: Member) {
    setBusyId(member.id);
    try {
      const fresh = await fetchMember(member.id).unwrap();
      setDialog({ kind, member: fresh });
    } catch (failure) {
      console.error(`Loading the member to ${kind} failed`, failure);
      toast.error(t(kind === 'view' ? 'toasts.viewFailed' : 'toasts.loadFailed'));
    } finally {
      setBusyId(null);
    }
  }

  async function decide(decision: 'approve' | 'reject', member: Member) {
    setBusyId(member.id);
    try {
      if (decision === 'approve') {
        await approveMember(member).unwrap();
        toast.success(t('toasts.approved', { name: memberName(member) }));
      } else {
        await rejectMember(member).unwrap();
        toast.warning(t('toasts.rejected', { name: memberName(member) }));
      }
      focusAfter.current = { id: member.id, settled: (row) => row?.approval_status !== 'Pending' };
    } catch (failure) {
      console.error(`Trying to ${decision} the member failed`, failure);
      toast.error(t(decision === 'approve' ? 'toasts.approveFailed' : 'toasts.rejectFailed'));
    } finally {
      setBusyId(null);
      setDialog(null);
    }
  }

  async function flipActive(member: Member) {
    setBusyId(member.id);
    try {
      await toggleActive(member).unwrap();
    } catch (failure) {
      console.error('Toggling the member active failed', failure);
      toast.error(t('toasts.updateFailed'));
    } finally {
      setBusyId(null);
    }
  }

  async function confirmDelete(member: Member) {
    try {
      await deleteMember(member).unwrap();
      toast.success(t('toasts.deleted'));
      focusAfter.current = { id: member.id, settled: (row) => row === undefined };
    } catch (failure) {
      console.error('Deleting the member failed', failure);
      toast.error(t('toasts.deleteFailed'));
    }
    setDialog(null);
  }

  function handleAction(action: MemberAction, member: Member) {
    switch (action) {
      case 'view':
      case 'edit':
        void open(action, member);
        break;
      case 'approve':
      case 'reject':
        setDialog({ kind: action, member });
        break;
      case 'toggleActive':
        void flipActive(member);
        break;
      case 'delete':
        setDialog({ kind: 'delete', member });
        break;
    }
  }

  async function handleExport() {
    try {
      const csv = await exportCsv({ search: searchText.trim(), ...filters, ordering }).unwrap();
      saveFile(csvBlob(csv), 'members.csv');
    } catch (failure) {
      console.error('Exporting the members failed', failure);
      toast.error(t('list.exportFailed'));
    } finally {
      // The file is saved: the store need not keep its text.
      forgetExport();
    }
  }

  const activeFilters = filterCount(filters);
  const pages = shown ? memberPageCount(shown.count) : 0;

  return (
    <div className="page members-admin">
      <PageHeading title={t('list.title')}>
        <p>{t('list.lead')}</p>
      </PageHeading>

      <div className="members-admin__toolbar">
        <AdminSearchBox
          block="members-admin"
          id={searchId}
          label={t('list.searchLabel')}
          placeholder={t('list.searchPlaceholder')}
          value={searchText}
          onChange={setSearchText}
        />
        <div className="members-admin__buttons">
          <button
            id={filtersButtonId}
            type="button"
            className="button button--secondary"
            aria-haspopup="dialog"
            onClick={() => setDialog({ kind: 'filters' })}
          >
            {t('list.filters')}
            {activeFilters > 0 && ' '}
            {activeFilters > 0 && (
              <span className="members-admin__filter-count">
                <span aria-hidden="true">{activeFilters}</span>
                <span className="visually-hidden">{t('list.filtersOn', { count: activeFilters })}</span>
              </span>
            )}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void handleExport()}
            disabled={exporting || !shown}
            aria-busy={exporting}
          >
            {exporting ? t('list.exporting') : t('list.exportCsv')}
          </button>
          <button
            type="button"
            className="button button--primary"
            aria-haspopup="dialog"
            onClick={() => setDialog({ kind: 'create' })}
          >
            {t('list.addMember')}
          </button>
        </div>
      </div>

      <ActiveFilters filters={filters} onChange={setFilters} fallbackFocusId={filtersButtonId} />

      <div role="alert" className="members-admin__live">
        {loadFailed && (
          <div className="notice notice--error members-admin__load-error">
            <p>{t('list.loadFailed')}</p>
            <button type="button" className="button button--secondary" onClick={() => void retry()} aria-busy={retrying}>
              {retrying ? t('list.retrying') : t('list.tryAgain')}
            </button>
          </div>
        )}
      </div>

      <AdminListBody
        shown={shown}
        rows={(page) => page.results}
        loading={!loadFailed}
        loadingLabel={t('list.loading')}
        empty={
          <EmptyState title={t('list.empty')}>
            {(searchText || activeFilters > 0) && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setSearchText('');
                  setFilters(NO_FILTERS);
                  document.getElementById(searchId)?.focus();
                }}
              >
                {t('list.clearAll')}
              </button>
            )}
          </EmptyState>
        }
      >
        {(shown) => (
          <>
            <MembersTable
              members={shown.results}
              ordering={ordering}
              onSort={view.sortBy}
              onAction={handleAction}
              busyId={busyId}
              busy={switchingView}
            />
            <AdminListFooter
              block="members-admin"
              showing={t('list.showing', { from: firstShown, to: lastShown, total: shown.count })}
              page={shown.page}
              totalPages={pages}
              onPageChange={view.setPage}
              label={t('list.pagesLabel')}
            />
          </>
        )}
      </AdminListBody>

      {dialog?.kind === 'filters' && (
        <MemberFiltersDialog filters={filters} onApply={setFilters} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'view' && (
        <MemberViewDialog
          member={dialog.member}
          onClose={() => setDialog(null)}
          onEdit={() => setDialog({ kind: 'edit', member: dialog.member })}
        />
      )}
      {dialog?.kind === 'edit' && <MemberEditDialog member={dialog.member} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'create' && <MemberEditDialog onClose={() => setDialog(null)} />}
      {(dialog?.kind === 'approve' || dialog?.kind === 'reject') && (
        <ConfirmDialog
          title={t(`decide.${dialog.kind}.title`)}
          confirmLabel={t(`decide.${dialog.kind}.confirm`)}
          pendingLabel={t(`decide.${dialog.kind}.pending`)}
          pending={approving || rejecting}
          tone={dialog.kind === 'reject' ? 'danger' : 'primary'}
          onConfirm={() => void decide(dialog.kind as 'approve' | 'reject', dialog.member)}
          onCancel={() => setDialog(null)}
        >
          <p>{t(`decide.${dialog.kind}.question`, { name: memberName(dialog.member) })}</p>
          <p>{t(`decide.${dialog.kind}.email`, { email: dialog.member.email })}</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('delete.title')}
          confirmLabel={t('delete.confirm')}
          pendingLabel={t('delete.deleting')}
          pending={deleting}
          tone="danger"
          onConfirm={() => void confirmDelete(dialog.member)}
          onCancel={() => setDialog(null)}
        >
          <p>{t('delete.question', { name: memberName(dialog.member) })}</p>
          <p>{t('delete.erasure')}</p>
          <p>{t('delete.noEmail')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
