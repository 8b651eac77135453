import { useId, useState, type FormEvent } from 'react';

import { Field } from '../../../components/field';
import { type FormOutcome } from '../../../components/form-message';
import { useToast } from '../../../components/use-toast';
import { apiFieldErrors, errorText } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { useCreateUpdateMutation, useUpdateUpdateMutation, type Update, type UpdateInput } from '../admin-api';
import { SignedVideoManager } from '../../signed-videos/signed-video-manager';
import { ContentFormDialog, DescriptionField, TitleField } from './content-form-dialog';
import { knownFieldErrors, useFocusFirstError } from '../../../components/use-focus-first-error';

const FIELDS = ['title', 'date', 'description', 'link'] as const;
type FormField = (typeof FIELDS)[number];

/** Today as the date input's value (yyyy-mm-dd, local time). */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface Props {
  /** null: a new update. */
  update: Update | null;
  onClose: () => void;
}

/** Add or edit an update: title, date, an optional description and an optional Read More link. */
export function UpdateFormDialog({ update, onClose }: Props) {
  const { t } = useTranslation('content-admin');
  const toast = useToast();
  const formId = useId();
  const id = (field: FormField) => `${formId}-${field}`;
  const [values, setValues] = useState<UpdateInput>(() => ({
    title: update?.title ?? '',
    date: update?.date ?? today(),
    description: update?.description ?? '',
    link: update?.link ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const focusFirstError = useFocusFirstError(errors, FIELDS, id);
  const [createUpdate, created] = useCreateUpdateMutation();
  const [updateUpdate, updated] = useUpdateUpdateMutation();
  const saving = created.isLoading || updated.isLoading;

  function change(field: FormField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setOutcome(null);
    const found: Partial<Record<FormField, string>> = {};
    if (!values.title.trim()) found.title = t('updateForm.errors.titleRequired');
    if (!values.date) found.date = t('updateForm.errors.dateRequired');
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError();
      setOutcome({ kind: 'error', text: t('checkFields') });
      return;
    }
    const changes: UpdateInput = {
      title: values.title.trim(),
      date: values.date,
      description: values.description.trim(),
      link: values.link.trim(),
    };
    try {
      const saved = update
        ? await updateUpdate({ id: update.id, changes }).unwrap()
        : await createUpdate(changes).unwrap();
      toast.success(t(update ? 'updates.toasts.updated' : 'updates.toasts.created', { title: saved.title }));
      onClose();
    } catch (failure) {
      console.error('Saving the update failed', failure);
      setErrors(knownFieldErrors(apiFieldErrors(failure), FIELDS));
      focusFirstError();
      const message = errorText(failure) ?? t('unknownError');
      setOutcome({ kind: 'error', text: message });
      toast.error(t('updates.toasts.saveFailed', { message }));
    }
  }

  return (
    <ContentFormDialog
      title={t(update ? 'updateForm.editTitle' : 'updateForm.addTitle')}
      formId={formId}
      saving={saving}
      saveLabel={t('updateForm.save')}
      outcome={outcome}
      onSubmit={(event) => void handleSubmit(event)}
      onClose={onClose}
      after={update && <SignedVideoManager target={`update:${update.id}`} headingLevel={3} />}
    >
      <TitleField id={id('title')} value={values.title} error={errors.title} onChange={(value) => change('title', value)} />
      <Field id={id('date')} label={t('fields.date')} marked error={errors.date}>
        {(control) => (
          <input
            {...control}
            type="date"
            name="date"
            required
            value={values.date}
            onChange={(event) => change('date', event.target.value)}
          />
        )}
      </Field>
      <DescriptionField
        id={id('description')}
        value={values.description}
        error={errors.description}
        maxLength={5000}
        onChange={(value) => change('description', value)}
      />
      <Field id={id('link')} label={t('updateForm.link')} hint={t('linkHint')} error={errors.link}>
        {(control) => (
          <input
            {...control}
            type="url"
            name="link"
            inputMode="url"
            maxLength={500}
            autoComplete="off"
            value={values.link}
            onChange={(event) => change('link', event.target.value)}
          />
        )}
      </Field>
    </ContentFormDialog>
  );
}
