import { useState, type ChangeEvent, type FormEvent } from 'react';

import { useGetSiteConfigQuery } from '../../../lib/api';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error';
import { usePublicFormChallenge } from '../../../lib/public-form-challenge';
import { useTranslation } from '../../../lib/use-translation';
import { useSendContactMessageMutation, type ContactMessage } from '../api';

const EMPTY: ContactMessage = { name: '', email: '', message: '' };
const FIELDS = ['name', 'email', 'message'] as const;

/** The contact form: idle → sending → success (form cleared) or error. */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [sendContactMessage, { isLoading: sendingMessage }] = useSendContactMessageMutation();
  const formChallenge = usePublicFormChallenge(useGetSiteConfigQuery(undefined).data?.public_form_challenge);
  const sending = sendingMessage || formChallenge.waiting;

  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors(({ [name]: _fixed, ...rest }) => rest);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message: ContactMessage = {
      name: values.name.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
    };
    if (!message.name || !message.email || !message.message) {
      setOutcome({ kind: 'error', text: t('required') });
      return;
    }
    setOutcome(null);
    setFieldErrors({});
    try {
      const reply = await sendContactMessage({ ...message, challenge: await formChallenge.challengeHeaders() }).unwrap();
      setValues(EMPTY);
      setOutcome({ kind: 'success', text: reply.message || t('success') });
    } catch (error) {
      console.error('Sending the contact message failed', error);
      setFieldErrors(apiFieldErrors(error));
      setOutcome({ kind: 'error', text: apiErrorMessage(error) ?? t('failure') });
    }
  }

  const errorId = (field: string) => `contact-${field}-error`;

  return (
    <form className="form contact-form" onSubmit={handleSubmit} noValidate aria-busy={sending}>
      {FIELDS.map((field) => {
        const Control = field === 'message' ? 'textarea' : 'input';
        const fieldError = fieldErrors[field];
        return (
          <div className="form__field" key={field}>
            <label htmlFor={`contact-${field}`}>{t(field)}</label>
            <Control
              id={`contact-${field}`}
              name={field}
              value={values[field]}
              onChange={handleChange}
              required
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId(field) : undefined}
              {...(field === 'message'
                ? { rows: 6 }
                : { type: field === 'email' ? 'email' : 'text', autoComplete: field })}
            />
            {fieldError && (
              <p className="form__field-error" id={errorId(field)}>
                {fieldError}
              </p>
            )}
          </div>
        );
      })}

      <FormMessage message={outcome} />

      <SubmitButton pending={sending} label={t('send')} pendingLabel={t('sending')} />
    </form>
  );
}
