import { useTranslation } from '../../../lib/use-translation';
import type { AdminRegistration, RegistrationDecision } from '../admin-api';
import { ContactLinks } from './contact-links';
import { dateAndTime } from '../../../lib/format-date';
import { StatusBadge } from './status-badge';

/** The decisions a row offers (SPEC §2): both while Pending, else the one to the other status. */
export function decisionsFor(registration: AdminRegistration): RegistrationDecision[] {
  switch (registration.registration_status) {
    case 'Pending':
      return ['Approved', 'Rejected'];
    case 'Approved':
      return ['Rejected'];
    default:
      return ['Approved'];
  }
}

/** The element id of a row's actions, where the focus goes back after its dialog. */
export const actionsId = (registration: AdminRegistration) => `registration-actions-${registration.id}`;

interface Props {
  registrations: AdminRegistration[];
  onDecide: (registration: AdminRegistration, decision: RegistrationDecision) => void;
  /** Another view is loading: the rows shown are the previous ones. */
  busy: boolean;
}

/** The registrations table (SPEC §2): Name (with the payment reference), Contact Info, Registration Date, Status, Actions. */
export function RegistrationsTable({ registrations, onDecide, busy }: Props) {
  const { t } = useTranslation('registrations-admin');
  const columns = {
    name: t('table.columns.name'),
    contact: t('table.columns.contact'),
    date: t('table.columns.date'),
    status: t('table.columns.status'),
    actions: t('table.columns.actions'),
  };
  return (
    <div className="admin-table__frame registrations-table__frame">
      <table className="admin-table registrations-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
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
              <td colSpan={5} className="registrations-table__empty">
                {t('table.empty')}
              </td>
            </tr>
          ) : (
            registrations.map((registration) => {
              const registered = dateAndTime(registration.registration_date);
              return (
                <tr key={registration.id}>
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
                  </td>
                  <td data-label={columns.date}>
                    <span className="registrations-table__nowrap">{registered.date}</span>
                    <span className="registrations-table__muted">{registered.time}</span>
                  </td>
                  <td data-label={columns.status}>
                    <StatusBadge kind="registration" status={registration.registration_status} />
                  </td>
                  <td className="registrations-table__actions">
                    <div id={actionsId(registration)} className="registrations-table__action-group">
                      {decisionsFor(registration).map((decision) => {
                        const key = registration.registration_status === 'Pending' ? decision : `changeTo${decision}`;
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
