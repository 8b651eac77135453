import { useTranslation } from '../../../lib/use-translation';

/**
 * The first thing a visitor must do after signing up: open the e-mailed link in time, or the seat
 * (or the place on the waiting list) goes to somebody else. Said plainly, before anything else.
 */
export function ConfirmWithin({ minutes, place }: { minutes: number; place: 'seat' | 'waitlist' }) {
  const { t } = useTranslation('registration');
  return (
    <div className="notice registration-confirm" role="note">
      <p className="registration-confirm__heading">{t('confirm.heading')}</p>
      <p>{place === 'seat' ? t('confirm.seat', { count: minutes }) : t('confirm.waitlist', { count: minutes })}</p>
      <p className="registration-confirm__hint">{t('confirm.hint')}</p>
    </div>
  );
}
