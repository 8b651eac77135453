import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/use-translation';
import { useRunDeliveryAgainMutation, type DeadDelivery } from '../api';
import { SystemSection } from './system-section';
import { SystemTable } from './system-table';
import { useMoment } from './use-moment';
import { useRetry } from './use-retry';

/** Handlers that failed for good (dead deliveries), each with Run again (Django admin's action). */
export function DeadDeliveriesSection({ deliveries, count }: { deliveries: DeadDelivery[]; count: number }) {
  const { t } = useTranslation('system');
  const moment = useMoment();
  const [runAgain] = useRunDeliveryAgainMutation();
  const { busyId, retry } = useRetry(runAgain);

  return (
    <SystemSection title={t('deadDeliveries.heading')} lead={t('deadDeliveries.lead')}>
      {deliveries.length === 0 ? (
        <EmptyState title={t('deadDeliveries.none')} />
      ) : (
        <>
          {count > deliveries.length && (
            <p className="system-section__lead">{t('deadDeliveries.more', { shown: deliveries.length, count })}</p>
          )}
          <SystemTable
            caption={t('deadDeliveries.caption')}
            columns={[
              t('deadDeliveries.columns.handler'),
              t('deadDeliveries.columns.action'),
              t('deadDeliveries.columns.event'),
              t('deadDeliveries.columns.failedAt'),
              t('deadDeliveries.columns.error'),
            ]}
          >
            {deliveries.map((delivery) => {
              const waiting = busyId === delivery.id;
              return (
                <tr key={delivery.id}>
                  <th scope="row" className="system-table__handler">
                    <code className="system-table__code">{delivery.handler}</code>
                  </th>
                  <td>
                    <button
                      type="button"
                      className="button button--secondary system-table__button"
                      aria-label={t('deadDeliveries.runAgainLabel', { handler: delivery.handler })}
                      aria-busy={waiting}
                      onClick={() => void retry(delivery.id, t('deadDeliveries.ranAgain'))}
                    >
                      {waiting ? t('deadDeliveries.running') : t('deadDeliveries.runAgain')}
                    </button>
                  </td>
                  <td className="system-table__nowrap">{delivery.topic}</td>
                  <td className="system-table__nowrap">
                    {moment(delivery.updated_at)}
                    <span className="system-table__muted">
                      {t('deadDeliveries.attempts', { count: delivery.attempts })}
                    </span>
                  </td>
                  <td className="system-table__error">{delivery.last_error}</td>
                </tr>
              );
            })}
          </SystemTable>
        </>
      )}
    </SystemSection>
  );
}
