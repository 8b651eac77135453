import { Field } from '../../../components/field';
import { useTranslation } from '../../../lib/use-translation';

/** The server's limit on a reason (services/registrations/cleaning.py). */
const REASON_MAX = 500;

interface Props {
  id: string;
  /** Who is told the reason, and how. */
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}

/** The optional reason of a rejection or cancellation: staff's words, e-mailed to confirmed addresses. */
export function ReasonField({ id, hint, error, value, onChange }: Props) {
  const { t } = useTranslation('registrations-admin');
  return (
    <Field id={id} label={t('dialog.fields.reason')} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...control}
          name="reason"
          rows={3}
          maxLength={REASON_MAX}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
