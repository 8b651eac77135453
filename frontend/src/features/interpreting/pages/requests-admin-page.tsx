import { useState, type FormEvent } from 'react';

import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { PageHeading } from '../../../components/page-heading';
import { Pagination } from '../../../components/pagination';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { Tabs } from '../../../components/tabs';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { languageLabel, settingLabel } from '../../../lib/interpreting';
import { csvBlob, saveFile } from '../../../lib/save-file';
import { useTranslation } from '../../../lib/use-translation';
import {
  REQUEST_STATUSES,
  durationText,
  useCompleteInterpreterRequestMutation,
  useExportInterpretingReportMutation,
  useGetInterpreterRequestQuery,
  useGetInterpreterRequestsQuery,
  useGetInterpretingReportQuery,
  useGetRequestSuggestionsQuery,
  useMarkRequestUnfilledMutation,
  useOfferInterpreterRequestMutation,
  type RequestStatus,
} from '../requests-api';
import './interpreting.css';

const TONES: Record<string, StatusTone> = {
  new: 'warn',
  offered: 'info',
  assigned: 'good',
  completed: 'quiet',
  unfilled: 'bad',
  cancelled: 'quiet',
};

const percent = (share: number | null | undefined) => (share === null || share === undefined ? '–' : `${Math.round(share * 100)} %`);

/** One request: who asks, what for, the offers made, the suggested interpreters, and the staff's decisions. */
function RequestDetail({ id, onClose, onMoved }: { id: number; onClose: () => void; onMoved: (status: RequestStatus) => void }) {
  const { t } = useTranslation('interpreting');
  const { data: request } = useGetInterpreterRequestQuery(id);
  const open = request?.status === 'new' || request?.status === 'offered';
  const { data: suggestions } = useGetRequestSuggestionsQuery(id, { skip: !open });
  const [chosen, setChosen] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [offer, offering] = useOfferInterpreterRequestMutation();
  const [complete, completing] = useCompleteInterpreterRequestMutation();
  const [unfilled, marking] = useMarkRequestUnfilledMutation();

  async function run(action: () => Promise<{ status: string } | undefined>, success: string) {
    setOutcome(null);
    try {
      const changed = await action();
      setOutcome({ kind: 'success', text: success });
      // The list follows the request to its new status, so that it stays in view.
      if (changed) onMoved(changed.status as RequestStatus);
    } catch (failure) {
      setOutcome({ kind: 'error', text: apiErrorMessage(failure) ?? t('staffRequests.failure') });
    }
  }

  if (!request) return <p>{t('staffRequests.loading')}</p>;
  const active = request.status === 'new' || request.status === 'offered' || request.status === 'assigned';

  function sendOffers(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const changed = await offer({ id, member_ids: chosen }).unwrap();
      setChosen([]);
      return changed;
    }, t('staffRequests.offered'));
  }

  function markUnfilled(event: FormEvent) {
    event.preventDefault();
    void run(() => unfilled({ id, reason }).unwrap(), t('staffRequests.markedUnfilled'));
  }

  return (
    <section className="card interpreting-detail" aria-labelledby="request-detail-heading">
      <div className="interpreting-detail__head">
        <h2 id="request-detail-heading" tabIndex={-1}>
          {t('staffRequests.detailHeading', { reference: request.reference })}
        </h2>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('staffRequests.close')}
        </button>
      </div>
      <p>
        <StatusBadge tone={TONES[request.status] ?? 'quiet'}>{t(`staffRequests.status.${request.status}`)}</StatusBadge>{' '}
        {request.urgent && <StatusBadge tone="bad">{t('staffRequests.urgent')}</StatusBadge>}{' '}
        {request.interpreters_needed > 1 && <StatusBadge tone="info">{t('staffRequests.team')}</StatusBadge>}
      </p>
      <dl className="interpreting-facts">
        <dt>{t('staffRequests.when')}</dt>
        <dd>
          {formatDate(request.date, 'long')}, {request.start_time.slice(0, 5)} ({durationText(t, request.duration_minutes)})
        </dd>
        <dt>{t('staffRequests.where')}</dt>
        <dd>{request.mode === 'remote' ? `${t('request.modes.remote')} ${request.video_link}` : `${request.district}, ${request.address}`}</dd>
        <dt>{t('staffRequests.what')}</dt>
        <dd>
          {settingLabel(t, request.setting)} · {request.languages.map((language) => languageLabel(t, language)).join(', ')} · {t('staffRequests.deafCount', { count: request.deaf_count })}
        </dd>
        {request.deafblind_needs && (
          <>
            <dt>{t('request.fields.deafblind_needs')}</dt>
            <dd>{request.deafblind_needs}</dd>
          </>
        )}
        <dt>{t('staffRequests.requester')}</dt>
        <dd>
          {request.erased_at
            ? t('staffRequests.erased')
            : `${request.full_name} (${t(`request.requesterTypes.${request.requester_type}`)}) · ${[request.email, request.phone].filter(Boolean).join(' · ')} · ${t(`request.contact.${request.contact_preference}`)}`}
        </dd>
        {request.preferred_interpreter_name && (
          <>
            <dt>{t('staffRequests.preferred')}</dt>
            <dd>{request.preferred_interpreter_name}</dd>
          </>
        )}
        {request.notes && (
          <>
            <dt>{t('request.fields.notes')}</dt>
            <dd>{request.notes}</dd>
          </>
        )}
        {request.unfilled_reason && (
          <>
            <dt>{t('staffRequests.reason')}</dt>
            <dd>{request.unfilled_reason}</dd>
          </>
        )}
      </dl>

      {request.offers.length > 0 && (
        <div className="interpreting-scroll" tabIndex={0} role="region" aria-label={t('staffRequests.offersCaption')}>
          <table className="interpreting-table">
            <caption>{t('staffRequests.offersCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staffRequests.interpreter')}</th>
                <th scope="col">{t('staffRequests.answer')}</th>
              </tr>
            </thead>
            <tbody>
              {request.offers.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.member_name}</th>
                  <td>{t(`staffRequests.offerStatus.${row.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {open && (
        <form onSubmit={sendOffers} className="interpreting-offer-form">
          <fieldset className="interpreting-choices">
            <legend>{t('staffRequests.suggestions')}</legend>
            {suggestions && suggestions.length === 0 && <p>{t('staffRequests.noSuggestions')}</p>}
            <ul className="plain-list interpreting-suggestions">
              {suggestions?.map((suggestion) => (
                <li key={suggestion.member_id}>
                  <label className="interpreting-choice">
                    <input
                      type="checkbox"
                      disabled={suggestion.offer_status !== null}
                      checked={chosen.includes(suggestion.member_id)}
                      onChange={(event) =>
                        setChosen(event.target.checked ? [...chosen, suggestion.member_id] : chosen.filter((one) => one !== suggestion.member_id))
                      }
                    />
                    <span>
                      <strong>{suggestion.display_name}</strong> ({suggestion.member_name}) · {suggestion.certification_level || '–'}
                      {!suggestion.listed && ` · ${t('staffRequests.unlisted')}`}
                      {suggestion.preferred && ` · ${t('staffRequests.preferredMark')}`}
                      {suggestion.offer_status && ` · ${t(`staffRequests.offerStatus.${suggestion.offer_status}`)}`}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <button type="submit" className="button button--primary" disabled={chosen.length === 0 || offering.isLoading}>
            {t('staffRequests.offer', { count: chosen.length })}
          </button>
        </form>
      )}

      <div className="interpreting-actions">
        {request.status === 'assigned' && (
          <button
            type="button"
            className="button button--secondary"
            disabled={completing.isLoading}
            onClick={() => void run(() => complete({ id }).unwrap(), t('staffRequests.markedCompleted'))}
          >
            {t('staffRequests.complete')}
          </button>
        )}
      </div>
      {active && (
        <form onSubmit={markUnfilled} className="interpreting-unfilled">
          <label htmlFor="request-unfilled-reason">{t('staffRequests.unfilledReason')}</label>
          <input id="request-unfilled-reason" value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          <button type="submit" className="button button--secondary" disabled={!reason.trim() || marking.isLoading}>
            {t('staffRequests.markUnfilled')}
          </button>
        </form>
      )}
      <FormMessage message={outcome} />
    </section>
  );
}

/** The year's report: totals, months, settings and districts, the unfilled ones, the CSV. */
function ReportSection() {
  const { t } = useTranslation('interpreting');
  const [year, setYear] = useState(new Date().getFullYear());
  const { data } = useGetInterpretingReportQuery(year);
  const [exportCsv, exporting] = useExportInterpretingReportMutation();
  const [outcome, setOutcome] = useState<FormOutcome>(null);

  async function download() {
    setOutcome(null);
    try {
      const file = await exportCsv(year).unwrap();
      saveFile(csvBlob(file.csv), file.filename);
    } catch (failure) {
      setOutcome({ kind: 'error', text: apiErrorMessage(failure) ?? t('staffRequests.failure') });
    }
  }

  return (
    <section className="card interpreting-report" aria-labelledby="interpreting-report-heading">
      <h2 id="interpreting-report-heading">{t('staffRequests.reportHeading')}</h2>
      <div className="interpreting-actions">
        <label htmlFor="interpreting-report-year">{t('staffRequests.year')}</label>
        <select id="interpreting-report-year" value={year} onChange={(event) => setYear(Number(event.target.value))}>
          {[0, 1, 2].map((back) => {
            const value = new Date().getFullYear() - back;
            return (
              <option key={value} value={value}>
                {value}
              </option>
            );
          })}
        </select>
        <button type="button" className="button button--secondary" disabled={exporting.isLoading} onClick={() => void download()}>
          {t('staffRequests.csv')}
        </button>
      </div>
      {data && (
        <>
          <dl className="interpreting-figures">
            <div>
              <dt>{t('summary.requests')}</dt>
              <dd>{data.totals.requests}</dd>
            </div>
            <div>
              <dt>{t('summary.share')}</dt>
              <dd>{percent(data.totals.share_filled)}</dd>
            </div>
            <div>
              <dt>{t('staffRequests.median')}</dt>
              <dd>{data.totals.median_hours_to_assignment ?? '–'}</dd>
            </div>
            <div>
              <dt>{t('summary.unfilled')}</dt>
              <dd>{data.totals.unfilled}</dd>
            </div>
          </dl>
          <div className="interpreting-scroll" tabIndex={0} role="region" aria-label={t('staffRequests.byMonth')}>
            <table className="interpreting-table">
              <caption>{t('staffRequests.byMonth')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('staffRequests.month')}</th>
                  <th scope="col">{t('summary.requests')}</th>
                  <th scope="col">{t('summary.filled')}</th>
                  <th scope="col">{t('summary.unfilled')}</th>
                  <th scope="col">{t('summary.share')}</th>
                </tr>
              </thead>
              <tbody>
                {data.months
                  .filter((month) => month.requests > 0)
                  .map((month) => (
                    <tr key={month.month}>
                      <th scope="row">{month.month}</th>
                      <td>{month.requests}</td>
                      <td>{month.filled}</td>
                      <td>{month.unfilled}</td>
                      <td>{percent(month.share_filled)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
          {(['by_setting', 'by_district'] as const).map((group) => (
            <div key={group} className="interpreting-scroll" tabIndex={0} role="region" aria-label={t(`staffRequests.${group}`)}>
              <table className="interpreting-table">
                <caption>{t(`staffRequests.${group}`)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{group === 'by_setting' ? t('summary.setting') : t('request.fields.district')}</th>
                    <th scope="col">{t('summary.requests')}</th>
                    <th scope="col">{t('summary.filled')}</th>
                    <th scope="col">{t('summary.unfilled')}</th>
                    <th scope="col">{t('summary.share')}</th>
                  </tr>
                </thead>
                <tbody>
                  {(group === 'by_setting'
                    ? data.by_setting.map((row) => ({ key: row.setting, name: settingLabel(t, row.setting), ...row }))
                    : data.by_district.map((row) => ({
                        key: row.district,
                        name: row.district === 'remote' ? t('request.modes.remote') : row.district,
                        ...row,
                      }))
                  ).map((row) => (
                    <tr key={row.key}>
                      <th scope="row">{row.name}</th>
                      <td>{row.requests}</td>
                      <td>{row.filled}</td>
                      <td>{row.unfilled}</td>
                      <td>{percent(row.share_filled)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
          {data.unfilled.length > 0 && (
            <div className="interpreting-scroll" tabIndex={0} role="region" aria-label={t('staffRequests.unfilledCaption')}>
              <table className="interpreting-table">
                <caption>{t('staffRequests.unfilledCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('staffRequests.reference')}</th>
                    <th scope="col">{t('staffRequests.when')}</th>
                    <th scope="col">{t('summary.setting')}</th>
                    <th scope="col">{t('staffRequests.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.unfilled.map((row) => (
                    <tr key={row.reference}>
                      <th scope="row">{row.reference}</th>
                      <td>{formatDate(row.date, 'long')}</td>
                      <td>
                        {settingLabel(t, row.setting)}, {row.district}
                      </td>
                      <td>{row.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <FormMessage message={outcome} />
    </section>
  );
}

/** /dashboard/interpreting: the requests by status (urgent first), one opened for matching, and the report. */
export function RequestsAdminPage() {
  const { t } = useTranslation('interpreting');
  const [status, setStatus] = useState<RequestStatus>('new');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const { data, isFetching } = useGetInterpreterRequestsQuery({ status, page });

  return (
    <section className="interpreting-admin">
      <PageHeading title={t('staffRequests.title')}>
        <p>{t('staffRequests.intro')}</p>
      </PageHeading>
      <Tabs
        label={t('staffRequests.statusTabs')}
        idPrefix="interpreter-requests"
        tabs={REQUEST_STATUSES.map((key) => ({
          key,
          label: `${t(`staffRequests.status.${key}`)} (${data?.counts[key] ?? 0})`,
        }))}
        selected={status}
        onSelect={(key) => {
          setStatus(key);
          setPage(1);
        }}
        busy={isFetching}
      >
        {data && data.results.length === 0 && <p>{t('staffRequests.empty')}</p>}
        {data && data.results.length > 0 && (
          <div className="interpreting-scroll" tabIndex={0} role="region" aria-label={t('staffRequests.listCaption')}>
            <table className="interpreting-table">
              <caption className="visually-hidden">{t('staffRequests.listCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('staffRequests.reference')}</th>
                  <th scope="col">{t('staffRequests.when')}</th>
                  <th scope="col">{t('staffRequests.what')}</th>
                  <th scope="col">{t('staffRequests.where')}</th>
                  <th scope="col">{t('staffRequests.accepted')}</th>
                </tr>
              </thead>
              <tbody>
                {data.results.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">
                      <button type="button" className="link-button" onClick={() => setSelected(row.id)}>
                        {row.reference}
                      </button>{' '}
                      {row.urgent && <StatusBadge tone="bad" small>{t('staffRequests.urgent')}</StatusBadge>}
                    </th>
                    <td>
                      {formatDate(row.date, 'long')}, {row.start_time.slice(0, 5)}
                    </td>
                    <td>{settingLabel(t, row.setting)}</td>
                    <td>{row.mode === 'remote' ? t('request.modes.remote') : row.district}</td>
                    <td>
                      {row.accepted} / {row.interpreters_needed}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && <Pagination page={data.page} totalPages={data.total_pages} onPageChange={setPage} label={t('staffRequests.pages')} />}
      </Tabs>
      {selected !== null && (
        <RequestDetail
          key={selected}
          id={selected}
          onClose={() => setSelected(null)}
          onMoved={(moved) => {
            setStatus(moved);
            setPage(1);
          }}
        />
      )}
      <ReportSection />
    </section>
  );
}
