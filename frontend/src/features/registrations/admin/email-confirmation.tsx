import { useTranslation } from '../../../lib/use-translation';

/**
 * Whether the person opened the link of the first e-mail: a word with a mark, never colour alone.
 * Until then the address is unproven: no seat is held for long, no waiting-list offer goes to it,
 * and a rejection or cancellation is not e-mailed to it.
 */
export function EmailConfirmation({ confirmed }: { confirmed: boolean }) {
  const { t } = useTranslation('registrations-admin');
  return (
    <span className={`email-confirmation email-confirmation--${confirmed ? 'yes' : 'no'}`}>
      <span className="email-confirmation__mark" aria-hidden="true">
        {confirmed ? '✓' : '!'}
      </span>
      {t(confirmed ? 'email.confirmed' : 'email.notConfirmed')}
    </span>
  );
}
