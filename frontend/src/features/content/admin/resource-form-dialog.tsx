import { useEffect, useId, useState, type FormEvent } from 'react';

import { useGetSiteConfigQuery } from '../../../lib/api';
import { Field } from '../../../components/field';
import { type FormOutcome } from '../../../components/form-message';
import { useToast } from '../../../components/use-toast';
import { apiFieldErrors, errorText } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { useCreateResourceMutation, useUpdateResourceMutation, type Resource } from '../admin-api';
import { ACCEPT_ATTRIBUTE, hasAcceptedExtension } from '../file-kinds';
import { ContentFormDialog, DescriptionField, TitleField } from './content-form-dialog';
import { useFileDetails } from './resources-table';
import { knownFieldErrors, useFocusFirstError } from '../../../components/use-focus-first-error';

/** The server's default (RESOURCE_UPLOAD_MAX_MB) until GET /api/config/ has answered. */
const DEFAULT_UPLOAD_LIMIT_MB = 10;

const FIELDS = ['title', 'description', 'file', 'url'] as const;
type FormField = (typeof FIELDS)[number];
type Source = 'file' | 'link';

interface Props {
  /** null: a new resource. */
  resource: Resource | null;
  onClose: () => void;
}

/**
 * Add or edit a resource: a title, an optional description, and either an uploaded file
 * (types and size checked here, and again by the server) or a link. Editing a resource that
 * has a file keeps it unless a new file or a link is given.
 */
export function ResourceFormDialog({ resource, onClose }: Props) {
  const { t } = useTranslation(['content-admin', 'resources']);
  const toast = useToast();
  const fileDetails = useFileDetails();
  const limit = useGetSiteConfigQuery(undefined).data?.resource_upload_max_mb ?? DEFAULT_UPLOAD_LIMIT_MB;
  const formId = useId();
  const id = (field: FormField) => `${formId}-${field}`;
  const keptFile = resource !== null && resource.url === '' ? resource : null;

  const [title, setTitle] = useState(resource?.title ?? '');
  const [description, setDescription] = useState(resource?.description ?? '');
  const [source, setSource] = useState<Source>(resource?.url ? 'link' : 'file');
  const [url, setUrl] = useState(resource?.url ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const focusFirstError = useFocusFirstError(errors, FIELDS, id);
  const [createResource, created] = useCreateResourceMutation();
  const [updateResource, updated] = useUpdateResourceMutation();
  const saving = created.isLoading || updated.isLoading;

  // The dialog opens on the title (the modal would pick the chosen radio button).
  useEffect(() => {
    document.getElementById(`${formId}-title`)?.focus();
  }, [formId]);

  function fileError(chosen: File | null): string | undefined {
    if (!chosen) return undefined;
    if (!hasAcceptedExtension(chosen.name)) return t('resourceForm.errors.fileType');
    if (chosen.size > limit * 1024 * 1024) return t('resourceForm.errors.fileSize', { limit });
    if (chosen.size === 0) return t('resourceForm.errors.fileEmpty');
    return undefined;
  }

  function clearError(field: FormField) {
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  function check(): Partial<Record<FormField, string>> {
    const found: Partial<Record<FormField, string>> = {};
    if (!title.trim()) found.title = t('resourceForm.errors.titleRequired');
    if (source === 'file') {
      const problem = fileError(file) ?? (file || keptFile ? undefined : t('resourceForm.errors.fileRequired'));
      if (problem) found.file = problem;
    } else if (!url.trim()) {
      found.url = t('resourceForm.errors.urlRequired');
    }
    return found;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setOutcome(null);
    const found = check();
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError();
      setOutcome({ kind: 'error', text: t('checkFields') });
      return;
    }
    const body = new FormData();
    body.set('title', title.trim());
    body.set('description', description.trim());
    if (source === 'link') body.set('url', url.trim());
    else if (file) body.set('file', file);
    try {
      const saved = resource
        ? await updateResource({ id: resource.id, body }).unwrap()
        : await createResource(body).unwrap();
      toast.success(t(resource ? 'resources.toasts.updated' : 'resources.toasts.created', { title: saved.title }));
      onClose();
    } catch (failure) {
      console.error('Saving the resource failed', failure);
      setErrors(knownFieldErrors(apiFieldErrors(failure), FIELDS));
      focusFirstError();
      const message = errorText(failure) ?? t('unknownError');
      setOutcome({ kind: 'error', text: message });
      toast.error(t('resources.toasts.saveFailed', { message }));
    }
  }

  const typesHint = t('resourceForm.fileHint', { limit });
  const fileHint = keptFile
    ? `${t('resourceForm.currentFile', { name: keptFile.file_name, details: fileDetails(keptFile) })} ${typesHint}`
    : typesHint;

  return (
    <ContentFormDialog
      title={t(resource ? 'resourceForm.editTitle' : 'resourceForm.addTitle')}
      formId={formId}
      saving={saving}
      saveLabel={t('resourceForm.save')}
      outcome={outcome}
      onSubmit={(event) => void handleSubmit(event)}
      onClose={onClose}
    >
      <TitleField
        id={id('title')}
        value={title}
        error={errors.title}
        onChange={(value) => {
          setTitle(value);
          clearError('title');
        }}
      />
      <DescriptionField
        id={id('description')}
        value={description}
        error={errors.description}
        maxLength={2000}
        onChange={(value) => {
          setDescription(value);
          clearError('description');
        }}
      />
      <fieldset className="content-form__choice">
        <legend>{t('resourceForm.source')}</legend>
        {(['file', 'link'] as const).map((option) => (
          <label key={option} className="content-form__option">
            <input
              type="radio"
              name="source"
              value={option}
              checked={source === option}
              onChange={() => {
                setSource(option);
                clearError(option === 'file' ? 'url' : 'file');
              }}
            />
            {t(option === 'file' ? 'resourceForm.sourceFile' : 'resourceForm.sourceLink')}
          </label>
        ))}
      </fieldset>
      {source === 'file' ? (
        <Field id={id('file')} label={t('resourceForm.file')} marked={!keptFile} hint={fileHint} error={errors.file}>
          {(control) => (
            <input
              {...control}
              type="file"
              name="file"
              accept={ACCEPT_ATTRIBUTE}
              required={!keptFile}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                const problem = fileError(chosen);
                setErrors(({ file: _old, ...rest }) => (problem ? { ...rest, file: problem } : rest));
              }}
            />
          )}
        </Field>
      ) : (
        <Field id={id('url')} label={t('resourceForm.url')} marked hint={t('linkHint')} error={errors.url}>
          {(control) => (
            <input
              {...control}
              type="url"
              name="url"
              inputMode="url"
              required
              maxLength={500}
              autoComplete="off"
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                clearError('url');
              }}
            />
          )}
        </Field>
      )}
    </ContentFormDialog>
  );
}
