import type { FormEvent, ReactNode } from 'react';

import { Field } from '../../../components/field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { useTranslation } from '../../../lib/use-translation';

interface Props {
  title: string;
  formId: string;
  saving: boolean;
  saveLabel: string;
  outcome: FormOutcome;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
  /** Below the form, with forms of its own (an update's signed video). */
  after?: ReactNode;
}

/** The frame of the resource and update forms: a modal with Cancel and Save, fields disabled while saving. */
export function ContentFormDialog({ title, formId, saving, saveLabel, outcome, onSubmit, onClose, children, after }: Props) {
  const { t } = useTranslation('content-admin');
  return (
    <Modal
      title={title}
      onClose={onClose}
      busy={saving}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={saving}>
            {t('cancel')}
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={saving} aria-busy={saving}>
            {saving ? t('saving') : saveLabel}
          </button>
        </>
      }
    >
      <form id={formId} className="form content-form" onSubmit={onSubmit} noValidate>
        <fieldset className="content-form__fields" disabled={saving}>
          {children}
        </fieldset>
        <FormMessage message={outcome} />
      </form>
      {after}
    </Modal>
  );
}

interface TextProps {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The required title of a resource or an update. */
export function TitleField({ id, value, error, onChange }: TextProps) {
  const { t } = useTranslation('content-admin');
  return (
    <Field id={id} label={t('fields.title')} marked error={error}>
      {(control) => (
        <input
          {...control}
          name="title"
          required
          maxLength={200}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** The optional description, as long as the server keeps it. */
export function DescriptionField({ id, value, error, onChange, maxLength }: TextProps & { maxLength: number }) {
  const { t } = useTranslation('content-admin');
  return (
    <Field id={id} label={t('fields.descriptionOptional')} error={error}>
      {(control) => (
        <textarea
          {...control}
          name="description"
          rows={4}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
