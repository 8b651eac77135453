import { formatDate, formatTime } from '../../../lib/format-date';
import { formatPrice } from '../../../lib/format-price';
import { useTranslation } from '../../../lib/use-translation';

interface Props {
  event: { date: string; time: string | null; location: string; price?: number | null };
  /** The price line, where the visitor is about to pay (the registration page). */
  withPrice?: boolean;
}

/** When and where an event is (and what it costs): the facts beside a registration. */
export function EventFacts({ event, withPrice = false }: Props) {
  const { t } = useTranslation(['registration', 'events']);
  const facts: [string, string][] = [
    [t('events:list.dateLabel'), formatDate(event.date, 'long')],
    [t('events:list.timeLabel'), formatTime(event.time)],
    [t('events:list.locationLabel'), event.location],
    ...(withPrice ? ([[t('summary.priceLabel'), formatPrice(event.price ?? null)]] as [string, string][]) : []),
  ];
  return (
    <dl className="registration-facts">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
