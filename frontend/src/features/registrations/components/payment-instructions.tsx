import { phoneHref } from '../../../lib/event-defaults';
import { formatPrice } from '../../../lib/format-price';
import { useTranslation } from '../../../lib/use-translation';
import type { HowToPay } from '../public-api';
import { mailtoHref } from '../../../lib/mailto';

interface Props {
  id: string;
  hidden: boolean;
  answer: HowToPay;
}

/** How to pay, from the registration answer: the status, the amount, each method, what happens next, whom to ask. */
export function PaymentInstructions({ id, hidden, answer }: Props) {
  const { t } = useTranslation('registration');
  const { payment_info: info, contact_info: contact, next_steps: nextSteps } = answer;
  const methods = Object.entries(info.methods ?? {});
  const free = !info.amount;
  return (
    <div id={id} hidden={hidden} className="payment-instructions">
      <h3>{t('instructions.heading')}</h3>
      {info.demo && (
        <p className="payment-instructions__demo">
          <strong>{t('instructions.demoNotice')}</strong>
        </p>
      )}
      <dl className="registration-facts">
        <div>
          <dt>{t('instructions.statusLabel')}</dt>
          <dd>{info.status}</dd>
        </div>
        <div>
          <dt>{t('instructions.amountLabel')}</dt>
          <dd>{free ? t('instructions.noPayment') : formatPrice(info.amount)}</dd>
        </div>
      </dl>
      {methods.length > 0 && (
        <>
          <h4>{t('instructions.methodsHeading')}</h4>
          <dl className="payment-instructions__methods">
            {methods.map(([label, text]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {nextSteps && (
        <>
          <h4>{t('instructions.nextStepsHeading')}</h4>
          <p>{nextSteps}</p>
        </>
      )}
      {contact && (contact.email || contact.phone) && (
        <>
          <h4>{t('instructions.contactHeading')}</h4>
          {contact.message && <p>{contact.message}</p>}
          <ul className="plain-list">
            {contact.email && (
              <li>
                {t('summary.emailLabel')}: <a href={mailtoHref(contact.email)}>{contact.email}</a>
              </li>
            )}
            {contact.phone && (
              <li>
                {t('summary.phoneLabel')}: <a href={phoneHref(contact.phone)}>{contact.phone}</a>
              </li>
            )}
          </ul>
        </>
      )}
    </div>
  );
}
