import { SortHeader } from '../../../components/sort-header';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import type { Member, MemberOrdering, MemberSortField } from '../admin-api';
import { StatusBadge } from '../../../components/status-badge';
import { mailtoHref } from '../../../lib/mailto';

/** How the admin screens name a member: the name, else the e-mail (SPEC §8's approval toast). */
export function memberName(member: Pick<Member, 'full_name' | 'email'>): string {
  return member.full_name.trim() || member.email;
}

/**
 * An address that may wrap only before its "@": each part stays whole, and a part too long for
 * the column ends in an ellipsis (the link's title and href keep the whole address).
 */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="members-table__email-part">{email}</span>;
  return (
    <>
      <span className="members-table__email-part">{email.slice(0, at)}</span>
      <wbr />
      <span className="members-table__email-part">{email.slice(at)}</span>
    </>
  );
}

/** The element id of a row's actions, where the focus goes when the button it was on is gone. */
export const actionsId = (member: Pick<Member, 'id'>) => `member-actions-${member.id}`;

export type MemberAction = 'view' | 'edit' | 'delete' | 'approve' | 'reject' | 'toggleActive';

/** A row's buttons, in order: Approve and Reject only while the member is Pending (SPEC §2). */
const ROW_ACTIONS: readonly { action: MemberAction; opensDialog: boolean; pendingOnly: boolean }[] = [
  { action: 'view', opensDialog: true, pendingOnly: false },
  { action: 'edit', opensDialog: true, pendingOnly: false },
  { action: 'approve', opensDialog: false, pendingOnly: true },
  { action: 'reject', opensDialog: false, pendingOnly: true },
  { action: 'delete', opensDialog: true, pendingOnly: false },
];

/**
 * A member's standing and the last day of their membership year; a dash for anyone who has none
 * (not approved). The word is always there, so colour is never the only cue.
 */
export function MembershipYear({
  member,
}: {
  member: Pick<Member, 'standing' | 'membership_end' | 'closure_requested_at'>;
}) {
  const { t } = useTranslation('members-admin');
  // The member asked, from their own page, to close the membership: staff confirm by erasing.
  const closure = member.closure_requested_at ? (
    <strong className="members-table__closure">
      {t('table.closureRequested', { date: formatDate(member.closure_requested_at) })}
    </strong>
  ) : null;
  if (!member.standing || !member.membership_end) {
    return (
      <div className="members-table__year">
        <span className="members-table__muted">{t('table.noMembershipYear')}</span>
        {closure}
      </div>
    );
  }
  return (
    <div className="members-table__year">
      <StatusBadge kind="standing" status={member.standing} />
      <span className="members-table__muted">{t('table.membershipEnds', { date: formatDate(member.membership_end) })}</span>
      {closure}
    </div>
  );
}

interface Props {
  members: Member[];
  /** The list's order (unset: the newest application first); the membership column sorts it. */
  ordering?: MemberOrdering;
  onSort?: (field: MemberSortField) => void;
  onAction: (action: MemberAction, member: Member) => void;
  /** The member whose call is on its way: its row's buttons say so and wait. */
  busyId: number | null;
  /** Another view is loading: the rows shown are the previous ones. */
  busy: boolean;
}

/**
 * The members table (SPEC §2): name (with the membership number once approved), contact,
 * type, membership (approval status, the Active switch, and the membership year's standing and
 * end date; its header sorts by end date), applied, and the actions; Approve and Reject on
 * Pending rows only.
 */
export function MembersTable({ members, ordering, onSort, onAction, busyId, busy }: Props) {
  const { t } = useTranslation('members-admin');
  const columns = {
    name: t('table.columns.name'),
    contact: t('table.columns.contact'),
    type: t('table.columns.type'),
    membership: t('table.columns.membership'),
    applied: t('table.columns.applied'),
    actions: t('table.columns.actions'),
  };
  return (
    <div className="admin-table__frame members-table__frame">
      <table className="admin-table members-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            {Object.entries(columns).map(([key, label]) =>
              key === 'membership' && onSort ? (
                <SortHeader key={key} field="membership_end" label={label} ordering={ordering} onSort={onSort} className="members-table__sortable" />
              ) : (
                <th key={key} scope="col">
                  {label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const name = memberName(member);
            const waiting = busyId === member.id;
            const act = (action: MemberAction) => () => {
              // A second click while the first call is on its way does nothing (the button
              // stays enabled so that it keeps the focus).
              if (!waiting) onAction(action, member);
            };
            return (
              <tr key={member.id}>
                <th scope="row" className="members-table__name">
                  <span className="members-table__strong">{member.full_name || t('table.noName')}</span>
                  {member.approval_status === 'Approved' && member.membership_number && (
                    <span className="members-table__muted">
                      {t('table.membershipNumber', { number: member.membership_number })}
                    </span>
                  )}
                </th>
                <td data-label={columns.contact}>
                  <a href={mailtoHref(member.email)} className="members-table__contact" title={member.email}>
                    <EmailText email={member.email} />
                  </a>
                  {member.phone && (
                    <a href={`tel:${member.phone.replace(/\s+/g, '')}`} className="members-table__contact">
                      {member.phone}
                    </a>
                  )}
                </td>
                <td data-label={columns.type}>{t(`membershipType.${member.membership_type}`, { defaultValue: member.membership_type })}</td>
                {/* The approval, the Active switch and the membership year share a column: the
                    table fits 1280 px. Its header sorts by the year's end. */}
                <td data-label={columns.membership}>
                  <div className="members-table__status">
                  <StatusBadge kind="member" status={member.approval_status} />
                  <button
                    type="button"
                    role="switch"
                    className="member-switch"
                    aria-checked={member.is_active_member}
                    aria-label={t('table.actions.activeFor', { name })}
                    aria-busy={waiting}
                    onClick={act('toggleActive')}
                  >
                    <span className="member-switch__track" aria-hidden="true" />
                    <span aria-hidden="true">{t(member.is_active_member ? 'common:status.member.Active' : 'common:status.member.Inactive')}</span>
                  </button>
                  <MembershipYear member={member} />
                  </div>
                </td>
                <td data-label={columns.applied} className="members-table__nowrap">
                  {formatDate(member.created_at)}
                </td>
                <td className="members-table__actions">
                  <div id={actionsId(member)} className="members-table__action-group">
                    {ROW_ACTIONS.filter(({ pendingOnly }) => !pendingOnly || member.approval_status === 'Pending').map(
                      ({ action, opensDialog }) => (
                        <button
                          key={action}
                          type="button"
                          className={`member-action member-action--${action}`}
                          aria-label={t(`table.actions.${action}For`, { name })}
                          aria-haspopup={opensDialog ? 'dialog' : undefined}
                          aria-busy={waiting}
                          onClick={act(action)}
                        >
                          {t(`table.actions.${action}`)}
                        </button>
                      ),
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
