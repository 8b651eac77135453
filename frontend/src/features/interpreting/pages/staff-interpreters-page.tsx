import { useState } from 'react';

import { Field } from '../../../components/field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { PageHeading } from '../../../components/page-heading';
import { Pagination } from '../../../components/pagination';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { levelLabel } from '../../../lib/interpreting';
import { useTranslation } from '../../../lib/use-translation';
import { type StaffInterpreter, useGetStaffInterpretersQuery, useStaffInterpreterActionMutation } from '../api';
import '../components/interpreting.css';

const STATUSES = ['', 'listed', 'unlisted', 'hidden', 'unverified'] as const;

/** /dashboard/interpreters: every interpreter profile, listed or not, with Verify, Hide and Unhide. */
export function StaffInterpretersPage() {
  const { t } = useTranslation(['interpreting', 'common']);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string>('');
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), 300);
  const { data, isLoading, isError, isFetching, refetch } = useGetStaffInterpretersQuery({ page, status, search: settled });
  const [act, { isLoading: acting }] = useStaffInterpreterActionMutation();
  const [message, setMessage] = useState<FormOutcome>(null);

  async function run(row: StaffInterpreter, action: 'verify' | 'hide' | 'unhide') {
    setMessage(null);
    try {
      await act({ memberId: row.member_id, action }).unwrap();
      setMessage({ kind: 'success', text: t(`staffInterpreters.done.${action}`, { name: row.display_name }) });
      void refetch();
    } catch (failure) {
      setMessage({ kind: 'error', text: apiErrorMessage(failure) ?? t('staffInterpreters.failure') });
    }
  }

  function state(row: StaffInterpreter): string {
    if (row.hidden_at) return t('staffInterpreters.state.hidden');
    if (row.public) return t('staffInterpreters.state.listed');
    return t('staffInterpreters.state.notListed');
  }

  return (
    <section className="dashboard-page staff-interpreters">
      <PageHeading title={t('staffInterpreters.title')}>
        <p>{t('staffInterpreters.lead')}</p>
      </PageHeading>
      <form className="staff-interpreters__filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <Field id="staff-interpreters-search" label={t('staffInterpreters.search')}>
          {(control) => (
            <input
              {...control}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          )}
        </Field>
        <Field id="staff-interpreters-status" label={t('staffInterpreters.status')}>
          {(control) => (
            <select
              {...control}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value);
                setPage(1);
              }}
            >
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`staffInterpreters.statuses.${value || 'all'}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
      <FormMessage message={message} />
      {isLoading && <p role="status">{t('staffInterpreters.loading')}</p>}
      {isError && (
        <p className="notice notice--error" role="alert">
          {t('staffInterpreters.loadFailed')}
        </p>
      )}
      {data && data.results.length === 0 && <p>{t('staffInterpreters.empty')}</p>}
      {data && data.results.length > 0 && (
        <div className="staff-interpreters__scroll">
          <table className="staff-interpreters__table" aria-busy={isFetching}>
            <caption className="visually-hidden">{t('staffInterpreters.caption', { count: data.count })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staffInterpreters.columns.name')}</th>
                <th scope="col">{t('staffInterpreters.columns.level')}</th>
                <th scope="col">{t('staffInterpreters.columns.districts')}</th>
                <th scope="col">{t('staffInterpreters.columns.state')}</th>
                <th scope="col">{t('staffInterpreters.columns.verified')}</th>
                <th scope="col">{t('staffInterpreters.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    {row.display_name}
                    <br />
                    <small>{row.member_name}</small>
                  </th>
                  <td>
                    {row.certification_level ? levelLabel(t, row.certification_level) : '—'}
                    <br />
                    <small>{t('directory.card.years', { count: row.years_of_practice })}</small>
                  </td>
                  <td>{row.districts.join(', ')}</td>
                  <td>{state(row)}</td>
                  <td>
                    {row.verified_at
                      ? t('staffInterpreters.verifiedBy', { who: row.verified_by ?? '—', date: formatDate(row.verified_at) })
                      : t('staffInterpreters.notVerified')}
                  </td>
                  <td>
                    <div className="staff-interpreters__actions">
                      {!row.verified_at && (
                        <button type="button" className="button button--secondary" disabled={acting} onClick={() => void run(row, 'verify')}>
                          {t('staffInterpreters.actions.verify')}
                          <span className="visually-hidden"> {row.display_name}</span>
                        </button>
                      )}
                      {row.hidden_at ? (
                        <button type="button" className="button button--secondary" disabled={acting} onClick={() => void run(row, 'unhide')}>
                          {t('staffInterpreters.actions.unhide')}
                          <span className="visually-hidden"> {row.display_name}</span>
                        </button>
                      ) : (
                        <button type="button" className="button button--secondary" disabled={acting} onClick={() => void run(row, 'hide')}>
                          {t('staffInterpreters.actions.hide')}
                          <span className="visually-hidden"> {row.display_name}</span>
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pagination page={data.page} totalPages={data.total_pages} onPageChange={setPage} />}
    </section>
  );
}
