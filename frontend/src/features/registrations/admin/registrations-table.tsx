import type { Ref } from 'react';

import { dateAndTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import {
  canBulkDecide,
  DECISIONS,
  type AdminRegistration,
  type RegistrationDecision,
  type RegistrationStatus,
} from '../admin-api';
import { ContactLinks } from './contact-links';
import { EmailConfirmation } from './email-confirmation';
import { EraseButton } from './erase-dialog';
import { StatusBadge } from '../../../components/status-badge';
import { useStatusNote } from './status-note';

/** The decisions a row offers (SPEC §2, with cancelling): those the server allows from its status. */
export function decisionsFor(registration: AdminRegistration): readonly RegistrationDecision[] {
  return DECISIONS[registration.registration_status];
}

/**
 * The text key of a row's action: 'Approve' and 'Reject' while Pending, SPEC's 'Change to …' once
 * decided; 'Cancel' from either status that holds a seat.
 */
function actionKey(status: RegistrationStatus, decision: RegistrationDecision): string {
  if (decision === 'Cancelled' || status === 'Pending') return decision;
  return `changeTo${decision}`;
}

/** The element id of a row's actions, where the focus goes back after its dialog. */
export const actionsId = (registration: AdminRegistration) => `registration-actions-${registration.id}`;

interface Props {
  registrations: AdminRegistration[];
  onDecide: (registration: AdminRegistration, decision: RegistrationDecision) => void;
  /** Erase the row (any status): rare and destructive, so apart from the decisions. */
  onErase: (registration: AdminRegistration) => void;
  /** Another view is loading: the rows shown are the previous ones. */
  busy: boolean;
  /** Ids of the rows selected for a bulk action. */
  selected: ReadonlySet<number>;
  onSelect: (registration: AdminRegistration, selected: boolean) => void;
  /** When the rows were read (ms): what "the hold has ended" is measured against. */
  now: number;
  /** The table itself takes the focus when the rows it had are gone (after a bulk action). */
  tableRef?: Ref<HTMLTableElement>;
}

/**
 * The registrations table (SPEC §2): a box to select the row, Name (with the payment reference),
 * Contact Info (with whether the e-mail address is confirmed), Registration Date, Status (with
 * what it depends on or why it ended, and when its ticket was checked in at the door), Actions (the decisions, and Erase below them).
 */
export function RegistrationsTable({ registrations, onDecide, onErase, busy, selected, onSelect, now, tableRef }: Props) {
  const { t } = useTranslation('registrations-admin');
  const statusNote = useStatusNote();
  const columns = {
    name: t('table.columns.name'),
    contact: t('table.columns.contact'),
    date: t('table.columns.date'),
    status: t('table.columns.status'),
    actions: t('table.columns.actions'),
  };
  return (
    <div className="admin-table__frame registrations-table__frame">
      <table ref={tableRef} className="admin-table registrations-table" aria-busy={busy} tabIndex={-1}>
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="registrations-table__select">
              <span className="visually-hidden">{t('table.columns.select')}</span>
            </th>
            {Object.entries(columns).map(([key, label]) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {registrations.length === 0 ? (
            <tr>
              <td colSpan={6} className="registrations-table__empty">
                {t('table.empty')}
              </td>
            </tr>
          ) : (
            registrations.map((registration) => {
              const registered = dateAndTime(registration.registration_date);
              const note = statusNote(registration, now);
              const checkedIn = registration.checked_in_at ? dateAndTime(registration.checked_in_at) : null;
              const checkboxId = `registration-select-${registration.id}`;
              return (
                <tr key={registration.id} className={selected.has(registration.id) ? 'registrations-table__row--selected' : undefined}>
                  <td className="registrations-table__select">
                    {canBulkDecide(registration.registration_status) && (
                      <>
                        <input
                          id={checkboxId}
                          type="checkbox"
                          checked={selected.has(registration.id)}
                          onChange={(change) => onSelect(registration, change.target.checked)}
                        />
                        <label htmlFor={checkboxId} className="visually-hidden">
                          {t('table.select', { name: registration.full_name })}
                        </label>
                      </>
                    )}
                  </td>
                  <th scope="row" className="registrations-table__name">
                    <span className="registrations-table__strong">{registration.full_name}</span>
                    {registration.payment_reference && (
                      <span className="registrations-table__muted">
                        {t('table.reference', { reference: registration.payment_reference })}
                      </span>
                    )}
                    {registration.needs_interpreter && (
                      <span className="registrations-table__tag">{t('table.interpreter')}</span>
                    )}
                  </th>
                  <td data-label={columns.contact}>
                    <ContactLinks email={registration.email} phone={registration.phone} />
                    <EmailConfirmation confirmed={registration.email_confirmed} />
                  </td>
                  <td data-label={columns.date} className="registrations-table__date">
                    <span className="registrations-table__nowrap">{registered.date}</span>
                    <span className="registrations-table__muted">{registered.time}</span>
                  </td>
                  <td data-label={columns.status}>
                    <StatusBadge kind="registration" status={registration.registration_status} free={registration.free} />
                    {note && <span className="registrations-table__note">{note}</span>}
                    {checkedIn && (
                      <span className="registrations-table__checked-in">
                        {t('table.checkedIn', { date: checkedIn.date, time: checkedIn.time })}
                      </span>
                    )}
                    {registration.event_reminders.map((reminder) => {
                      const sent = dateAndTime(reminder.sent_at);
                      return (
                        <span key={reminder.kind} className="registrations-table__note">
                          {t(`table.reminder.${reminder.kind}`, { date: sent.date, time: sent.time })}
                        </span>
                      );
                    })}
                  </td>
                  <td className="registrations-table__actions">
                    <div id={actionsId(registration)} className="registrations-table__action-group">
                      {decisionsFor(registration).map((decision) => {
                        const key = actionKey(registration.registration_status, decision);
                        return (
                          <button
                            key={decision}
                            type="button"
                            className={`registration-action registration-action--${decision.toLowerCase()}`}
                            aria-label={t(`table.actions.${key}For`, { name: registration.full_name })}
                            aria-haspopup="dialog"
                            onClick={() => onDecide(registration, decision)}
                          >
                            {t(`table.actions.${key}`)}
                          </button>
                        );
                      })}
                    </div>
                    <EraseButton
                      label={t('erase.registrationFor', { name: registration.full_name })}
                      onClick={() => onErase(registration)}
                    />
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
