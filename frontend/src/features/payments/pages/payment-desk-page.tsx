import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { AdminListBody, AdminSearchBox } from '../../../components/admin-list-body';
import { EmptyState } from '../../../components/empty-state';
import { PageHeading } from '../../../components/page-heading';
import { Pagination } from '../../../components/pagination';
import { adminListState, useAdminListView } from '../../../components/use-admin-list';
import { dateAndTime } from '../../../lib/format-date';
import { formatPrice } from '../../../lib/format-price';
import { useTranslation } from '../../../lib/use-translation';
import { useGetPaymentDeskQuery, type DeskRow, type DeskStatus } from '../payment-desk-api';
import { ConfirmPaymentDialog } from './confirm-payment-dialog';
import './payment-desk.css';

const STATUSES: readonly DeskStatus[] = ['Pending', 'Confirmed'];

/**
 * /dashboard/payments: the payment desk (docs/registrations.md, The payment desk). Event seats
 * and membership renewals waiting for their payment in one list, newest first, searched by the
 * reference on a payment message; each confirmed with its transaction ID.
 */
export function PaymentDeskPage() {
  const { t } = useTranslation(['registrations-admin', 'membership']);
  const view = useAdminListView<DeskStatus>({ filters: 'Pending' });
  const query = useGetPaymentDeskQuery({ status: view.filters, search: view.search, page: view.page });
  const { shown, failed } = adminListState(query, { rows: (page) => page.results });
  const [confirming, setConfirming] = useState<DeskRow | null>(null);
  const returnFocus = useRef<string | null>(null);

  function close() {
    setConfirming(null);
    // Back to the row's button, or to the search once the row has left the list.
    const target = returnFocus.current;
    window.setTimeout(() => {
      const button = target ? document.getElementById(target) : null;
      (button ?? document.getElementById('payment-desk-search'))?.focus();
    }, 0);
  }

  const about = (row: DeskRow) =>
    row.kind === 'renewal' ? (
      t('desk.renewalOf', { type: t(`membership:choices.membership_type.${row.membership_type}`, { defaultValue: row.membership_type ?? '' }) })
    ) : (
      <Link to={`/dashboard/registrations/${row.event_id}`}>{row.event_title}</Link>
    );

  return (
    <div className="page payment-desk">
      <PageHeading title={t('desk.title')}>
        <p>{t('desk.lead')}</p>
      </PageHeading>
      <div className="payment-desk__toolbar">
        <AdminSearchBox
          block="payment-desk"
          id="payment-desk-search"
          label={t('desk.searchLabel')}
          placeholder={t('desk.searchPlaceholder')}
          value={view.searchText}
          onChange={view.setSearchText}
        />
        <div className="payment-desk__status">
          <label htmlFor="payment-desk-status">{t('desk.statusLabel')}</label>
          <select
            id="payment-desk-status"
            value={view.filters}
            onChange={(event) => view.selectFilters(event.target.value as DeskStatus)}
          >
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`desk.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {failed ? (
        <p className="notice notice--error" role="alert">
          {t('desk.loadFailed')}
        </p>
      ) : (
        <AdminListBody
          shown={shown}
          rows={(page) => page.results}
          loading
          loadingLabel={t('desk.loading')}
          empty={<EmptyState title={view.search ? t('desk.emptySearch', { search: view.search }) : t('desk.empty')} />}
        >
          {(page) => (
            <>
              <div className="admin-table__frame">
                <table className="admin-table payment-desk__table" aria-busy={query.isFetching}>
                  <caption className="visually-hidden">{t('desk.tableLabel')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('desk.columns.reference')}</th>
                      <th scope="col">{t('desk.columns.kind')}</th>
                      <th scope="col">{t('desk.columns.name')}</th>
                      <th scope="col">{t('desk.columns.about')}</th>
                      <th scope="col">{t('desk.columns.amount')}</th>
                      <th scope="col">{t('desk.columns.created')}</th>
                      <th scope="col">{view.filters === 'Pending' ? t('desk.columns.actions') : t('desk.columns.transaction')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.results.map((row) => {
                      const created = dateAndTime(row.created_at);
                      const buttonId = `payment-desk-confirm-${row.kind}-${row.id}`;
                      return (
                        <tr key={`${row.kind}-${row.id}`}>
                          <td className="payment-desk__reference">{row.reference}</td>
                          <td>
                            <span className={`payment-desk__kind payment-desk__kind--${row.kind}`}>{t(`desk.kind.${row.kind}`)}</span>
                          </td>
                          <td>
                            {row.name}
                            <br />
                            <span className="payment-desk__email">{row.email}</span>
                          </td>
                          <td>{about(row)}</td>
                          <td>{formatPrice(row.amount)}</td>
                          <td>
                            {created.date} {created.time}
                          </td>
                          <td>
                            {row.status === 'Pending' ? (
                              <button
                                id={buttonId}
                                type="button"
                                className="button button--primary button--small"
                                aria-label={t('desk.confirmLabel', { reference: row.reference, name: row.name })}
                                onClick={() => {
                                  returnFocus.current = buttonId;
                                  setConfirming(row);
                                }}
                              >
                                {t('desk.confirm')}
                              </button>
                            ) : (
                              row.transaction_id
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <Pagination page={page.page} totalPages={page.total_pages} onPageChange={view.setPage} label={t('desk.pagesLabel')} />
            </>
          )}
        </AdminListBody>
      )}
      {confirming && <ConfirmPaymentDialog row={confirming} onClose={close} />}
    </div>
  );
}
