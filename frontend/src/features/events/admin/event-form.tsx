import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { useGetSiteConfigQuery } from '../../../lib/api';
import { Field, type ControlProps } from '../../../components/field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { useToast } from '../../../components/use-toast';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error';
import { CPD_CATEGORIES } from '../../../lib/cpd';
import { EVENT_IMAGE_IDS, eventImage } from '../../../lib/event-images';
import { useTranslation } from '../../../lib/use-translation';
import { useRemoveEventImageMutation, useSetEventImageMutation, type AdminEvent, type EventInput, type EventStatus } from '../admin-api';
import type { UploadedEventImage } from '../public-api';
import { EventImageField, initialPictureChoice, pictureErrors, pictureRequest } from './event-image-field';
import {
  ACCESS_INFO_MAX,
  blankAgendaRow,
  blankFaqRow,
  firstTabWithError,
  FORM_TABS,
  MAX_DEADLINE_HOURS,
  CPD_HOURS_MAX,
  tabOfField,
  validateValues,
  valuesToInput,
  type EventFormValues,
  type FieldErrors,
  type FormTab,
} from './event-form-values';
import { PlaceFields } from './place-fields';
import { RowsFieldset } from './rows-fieldset';

/** SPEC §9: after a save, the form goes back to the list after 2 s. */
export const REDIRECT_AFTER_SAVE_MS = 2000;

type TextField = Exclude<keyof EventFormValues, 'agenda' | 'faqs' | 'latitude' | 'longitude'>;

/** The element id of a field (server names like 'social_links.facebook' included). */
function fieldId(name: string): string {
  return `event-${name.replace('social_links.', '').replace(/_/g, '-')}`;
}

interface Props {
  mode: 'create' | 'edit';
  initialValues: EventFormValues;
  /** Sends the event; resolves with the saved event, rejects with the failed call. */
  save: (input: EventInput, status: EventStatus | undefined) => Promise<AdminEvent>;
  /** The picture the event has (edit), sent separately once the event is saved. */
  currentImage?: UploadedEventImage | null | undefined;
}

/** The five-tab event form (SPEC §2, §5): create with Save & Publish / Save as Draft, edit with Update Event. */
export function EventForm({ mode, initialValues, save, currentImage }: Props) {
  const { t } = useTranslation('events-admin');
  const toast = useToast();
  const navigate = useNavigate();
  const [values, setValues] = useState(initialValues);
  const [picture, setPicture] = useState(() => initialPictureChoice(currentImage));
  const [setEventImage] = useSetEventImageMutation();
  const [removeEventImage] = useRemoveEventImageMutation();
  const [tab, setTab] = useState<FormTab>('basic');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [saving, setSaving] = useState<EventStatus | 'update' | null>(null);
  const [saved, setSaved] = useState(false);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  // Which submit button was pressed (its click comes just before the form's submit).
  const submitStatus = useRef<EventStatus | undefined>(undefined);
  const tabRefs = useRef<Partial<Record<FormTab, HTMLButtonElement | null>>>({});

  // Back to the list 2 s after a save (the success message and toast are showing meanwhile).
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => navigate('/dashboard/events'), REDIRECT_AFTER_SAVE_MS);
    return () => window.clearTimeout(timer);
  }, [saved, navigate]);

  // After a failed check, the first field at fault gets the focus (once its tab is showing).
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(fieldId(focusTarget))?.focus();
  }, [focusTarget]);

  const tabIndex = FORM_TABS.indexOf(tab);
  const busy = saving !== null || saved;

  function update(name: TextField) {
    return (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      const serverName = name === 'facebook' || name === 'twitter' ? `social_links.${name}` : name;
      setErrors(({ [serverName]: _fixed, ...rest }) => rest);
    };
  }

  function showTab(next: FormTab, focus = false) {
    setTab(next);
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, number> = {
      ArrowRight: tabIndex + 1,
      ArrowLeft: tabIndex - 1,
      Home: 0,
      End: FORM_TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const wrapped = FORM_TABS[(target + FORM_TABS.length) % FORM_TABS.length];
    if (wrapped) showTab(wrapped, true);
  }

  function reportFieldErrors(fields: FieldErrors) {
    setErrors(fields);
    const first = firstTabWithError(fields);
    if (first) setTab(first);
    const firstField = Object.keys(fields).find((name) => tabOfField(name) === first);
    setFocusTarget(firstField ?? null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const status = mode === 'create' ? (submitStatus.current ?? 'Draft') : undefined;
    setFocusTarget(null);

    const problems = validateValues(values);
    const pictureProblems = pictureErrors(picture, currentImage, t);
    if (problems || pictureProblems) {
      const translated = Object.fromEntries(
        Object.entries(problems?.fields ?? {}).map(([name, key]) => [name, t(key, { limit: MAX_DEADLINE_HOURS })]),
      );
      reportFieldErrors({ ...translated, ...pictureProblems });
      setOutcome({
        kind: 'error',
        text: problems?.problem === 'required' ? t('form.errors.required') : t('form.errors.fixFields'),
      });
      return;
    }

    setErrors({});
    setOutcome(null);
    setSaving(status ?? 'update');
    try {
      const event = await save(valuesToInput(values), status);
      const pictureFailure = await sendPicture(event.id);
      if (pictureFailure) {
        // The event is saved: a new one is edited from now on, so a second try saves no copy.
        if (mode === 'create') {
          toast.error(t('picture.errors.notSavedCreated', { message: pictureFailure.text }));
          navigate(`/dashboard/edit-event/${event.id}`);
          return;
        }
        reportFieldErrors(pictureFailure.fields);
        setOutcome({ kind: 'error', text: pictureFailure.text });
        toast.error(pictureFailure.text);
        return;
      }
      const text =
        mode === 'create'
          ? t('form.createdToast', { title: event.title, status: t(`common:status.event.${event.status}`) })
          : t('form.updatedToast', { title: event.title });
      toast.success(text);
      setOutcome({ kind: 'success', text: `${text} ${t('form.redirecting')}` });
      setSaved(true);
    } catch (failure) {
      console.error(`${mode === 'create' ? 'Creating' : 'Updating'} the event failed`, failure);
      const text =
        apiErrorMessage(failure) ??
        (failure instanceof Error && failure.message ? failure.message : undefined) ??
        t(mode === 'create' ? 'form.errors.createFailed' : 'form.errors.updateFailed');
      const fields = apiFieldErrors(failure);
      if (Object.keys(fields).length > 0) reportFieldErrors(fields);
      setOutcome({ kind: 'error', text });
      toast.error(text);
    } finally {
      setSaving(null);
    }
  }

  /** The picture's change, once the event is saved; what went wrong, or null. */
  async function sendPicture(eventId: number): Promise<{ text: string; fields: FieldErrors } | null> {
    const request = pictureRequest(picture, currentImage);
    if (!request) return null;
    try {
      if (request.kind === 'remove') await removeEventImage(eventId).unwrap();
      else await setEventImage({ id: eventId, file: request.file, alt: request.alt }).unwrap();
      return null;
    } catch (failure) {
      console.error('Saving the event picture failed', failure);
      return { text: apiErrorMessage(failure) ?? t('picture.errors.notSaved'), fields: apiFieldErrors(failure) };
    }
  }

  function textInput(name: TextField, type = 'text', extra: Record<string, unknown> = {}) {
    return (control: ControlProps) => (
      <input
        {...control}
        name={name}
        type={type}
        value={values[name]}
        onChange={update(name)}
        disabled={busy}
        {...extra}
      />
    );
  }

  const errorOf = (name: string) => errors[name];
  // The association's default deadline, said next to the field (undefined until the settings load).
  const defaultDeadline = useGetSiteConfigQuery(undefined).data?.registration_payment_deadline_hours;
  const deadlineHint =
    defaultDeadline === undefined
      ? t('form.fields.paymentDeadlineHint')
      : defaultDeadline === null
        ? t('form.fields.paymentDeadlineHintNone')
        : t('form.fields.paymentDeadlineHintDefault', { count: defaultDeadline });

  const image = eventImage(values.event_image_id);
  const tabsWithErrors = new Set(Object.keys(errors).map(tabOfField));

  return (
    <form className="event-form" onSubmit={handleSubmit} noValidate aria-busy={saving !== null}>
      <div className="event-form__tabs" role="tablist" aria-label={t('form.tabsLabel')}>
        {FORM_TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`event-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`event-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="event-form__tab"
            onClick={() => showTab(name)}
            onKeyDown={onTabKeyDown}
          >
            {t(`form.tabs.${name}`)}
            {tabsWithErrors.has(name) && (
              <>
                <span className="event-form__tab-alert" aria-hidden="true">
                  !
                </span>
                <span className="visually-hidden"> {t('form.errors.tabHasErrors')}</span>
              </>
            )}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id="event-panel-basic"
        aria-labelledby="event-tab-basic"
        hidden={tab !== 'basic'}
        className="event-form__panel event-form__grid"
      >
        <Field id={fieldId('title')} label={t('form.fields.title')} marked error={errorOf('title')} className="event-form__wide">
          {textInput('title', 'text', { required: true, maxLength: 200 })}
        </Field>
        <Field
          id={fieldId('subtitle')}
          label={t('form.fields.subtitle')}
          hint={t('form.fields.subtitleHint')}
          error={errorOf('subtitle')}
          className="event-form__wide"
        >
          {textInput('subtitle', 'text', { maxLength: 300 })}
        </Field>
        <Field id={fieldId('date')} label={t('form.fields.date')} marked error={errorOf('date')}>
          {textInput('date', 'date', { required: true })}
        </Field>
        <Field id={fieldId('time')} label={t('form.fields.time')} error={errorOf('time')}>
          {textInput('time', 'time')}
        </Field>
        <Field id={fieldId('end_time')} label={t('form.fields.endTime')} hint={t('form.fields.endTimeHint')} error={errorOf('end_time')}>
          {textInput('end_time', 'time')}
        </Field>
        <Field id={fieldId('location')} label={t('form.fields.location')} marked error={errorOf('location')} className="event-form__wide">
          {textInput('location', 'text', { required: true, maxLength: 255 })}
        </Field>
        <PlaceFields
          latitude={values.latitude}
          longitude={values.longitude}
          errors={{ latitude: errorOf('latitude'), longitude: errorOf('longitude') }}
          disabled={busy}
          onChange={(place) => {
            setValues((current) => ({ ...current, ...place }));
            setErrors(({ latitude: _latitude, longitude: _longitude, ...rest }) => rest);
          }}
        />
        <Field
          id={fieldId('access_info')}
          label={t('form.fields.accessInfo')}
          hint={t('form.fields.accessInfoHint')}
          error={errorOf('access_info')}
          className="event-form__wide"
        >
          {(control) => (
            <textarea
              {...control}
              name="access_info"
              rows={4}
              maxLength={ACCESS_INFO_MAX}
              value={values.access_info}
              onChange={update('access_info')}
              disabled={busy}
            />
          )}
        </Field>
        <Field id={fieldId('price')} label={t('form.fields.price')} hint={t('form.fields.priceHint')} error={errorOf('price')}>
          {textInput('price', 'number', { min: 0, step: 'any', inputMode: 'decimal' })}
        </Field>
        <Field
          id={fieldId('maximum_attendees')}
          label={t('form.fields.maximumAttendees')}
          marked
          hint={t('form.fields.maximumAttendeesHint')}
          error={errorOf('maximum_attendees')}
        >
          {textInput('maximum_attendees', 'number', { min: 1, step: 1, inputMode: 'numeric' })}
        </Field>
        <Field
          id={fieldId('payment_deadline_hours')}
          label={t('form.fields.paymentDeadline')}
          hint={deadlineHint}
          error={errorOf('payment_deadline_hours')}
          className="event-form__wide event-form__deadline"
        >
          {textInput('payment_deadline_hours', 'number', { min: 1, max: MAX_DEADLINE_HOURS, step: 1, inputMode: 'numeric' })}
        </Field>
        <Field id={fieldId('cpd_hours')} label={t('form.fields.cpdHours')} hint={t('form.fields.cpdHoursHint')} error={errorOf('cpd_hours')}>
          {textInput('cpd_hours', 'number', { min: 0, max: CPD_HOURS_MAX, step: 0.25, inputMode: 'decimal' })}
        </Field>
        <Field id={fieldId('cpd_category')} label={t('form.fields.cpdCategory')} error={errorOf('cpd_category')}>
          {(control) => (
            <select {...control} name="cpd_category" value={values.cpd_category} onChange={update('cpd_category')} disabled={busy}>
              <option value="">{t('form.fields.cpdCategoryNone')}</option>
              {CPD_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`form.cpdCategories.${category}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="event-form__image event-form__wide">
          <Field id={fieldId('event_image_id')} label={t('form.fields.image')} error={errorOf('event_image_id')}>
            {(control) => (
              <select {...control} name="event_image_id" value={values.event_image_id} onChange={update('event_image_id')} disabled={busy}>
                {EVENT_IMAGE_IDS.map((id) => (
                  <option key={id} value={id}>
                    {eventImage(id).label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <figure className="event-form__preview">
            <img src={image.url} alt="" width={240} height={135} />
            <figcaption>{t('form.fields.imagePreview', { label: image.label })}</figcaption>
          </figure>
        </div>
        <EventImageField
          current={currentImage}
          choice={picture}
          onChange={(choice) => {
            setPicture(choice);
            setErrors(({ image: _image, image_alt: _alt, ...rest }) => rest);
          }}
          errors={{ image: errorOf('image'), image_alt: errorOf('image_alt') }}
          disabled={busy}
        />
      </div>

      <div
        role="tabpanel"
        id="event-panel-description"
        aria-labelledby="event-tab-description"
        hidden={tab !== 'description'}
        className="event-form__panel"
      >
        <Field id={fieldId('description')} label={t('form.fields.description')} error={errorOf('description')}>
          {(control) => (
            <textarea {...control} name="description" rows={8} value={values.description} onChange={update('description')} disabled={busy} />
          )}
        </Field>
        <Field id={fieldId('speakers')} label={t('form.fields.speakers')} hint={t('form.fields.speakersHint')} error={errorOf('speakers')}>
          {textInput('speakers')}
        </Field>
      </div>

      <div
        role="tabpanel"
        id="event-panel-agenda"
        aria-labelledby="event-tab-agenda"
        hidden={tab !== 'agenda'}
        className="event-form__panel"
      >
        <RowsFieldset
          idPrefix="event-agenda"
          legend={t('form.agenda.legend')}
          hint={t('form.agenda.hint')}
          error={errorOf('agenda')}
          rows={values.agenda}
          setRows={(change) => setValues((current) => ({ ...current, agenda: change(current.agenda) }))}
          newRow={blankAgendaRow}
          columns={[
            {
              name: 'time',
              label: t('form.fields.agendaTime'),
              placeholder: t('form.fields.agendaTimePlaceholder'),
              className: 'event-form__row-time',
            },
            { name: 'activity', label: t('form.fields.agendaActivity'), className: 'event-form__row-main' },
          ]}
          texts={{
            item: (number) => t('form.agenda.item', { number }),
            remove: t('form.agenda.remove'),
            removeItem: (number) => t('form.agenda.removeItem', { number }),
            add: t('form.agenda.add'),
          }}
          disabled={busy}
        />
      </div>

      <div
        role="tabpanel"
        id="event-panel-faqs"
        aria-labelledby="event-tab-faqs"
        hidden={tab !== 'faqs'}
        className="event-form__panel"
      >
        <RowsFieldset
          idPrefix="event-faq"
          legend={t('form.faqs.legend')}
          hint={t('form.faqs.hint')}
          error={errorOf('faqs')}
          rows={values.faqs}
          setRows={(change) => setValues((current) => ({ ...current, faqs: change(current.faqs) }))}
          newRow={blankFaqRow}
          columns={[
            { name: 'question', label: t('form.fields.question'), className: 'event-form__row-main' },
            { name: 'answer', label: t('form.fields.answer'), multiline: true, className: 'event-form__row-main' },
          ]}
          rowClassName="event-form__row--faq"
          texts={{
            item: (number) => t('form.faqs.item', { number }),
            remove: t('form.faqs.remove'),
            removeItem: (number) => t('form.faqs.removeItem', { number }),
            add: t('form.faqs.add'),
          }}
          disabled={busy}
        />
      </div>

      <div
        role="tabpanel"
        id="event-panel-contact"
        aria-labelledby="event-tab-contact"
        hidden={tab !== 'contact'}
        className="event-form__panel event-form__grid"
      >
        <Field id={fieldId('contact_email')} label={t('form.fields.contactEmail')} error={errorOf('contact_email')}>
          {textInput('contact_email', 'email', { autoComplete: 'email' })}
        </Field>
        <Field id={fieldId('contact_phone')} label={t('form.fields.contactPhone')} error={errorOf('contact_phone')}>
          {textInput('contact_phone', 'tel', { autoComplete: 'tel' })}
        </Field>
        <Field id={fieldId('social_links.facebook')} label={t('form.fields.facebook')} error={errorOf('social_links.facebook')}>
          {textInput('facebook', 'url', { placeholder: t('form.fields.urlPlaceholder') })}
        </Field>
        <Field id={fieldId('social_links.twitter')} label={t('form.fields.twitter')} error={errorOf('social_links.twitter')}>
          {textInput('twitter', 'url', { placeholder: t('form.fields.urlPlaceholder') })}
        </Field>
        <Field
          id={fieldId('call_for_abstracts_url')}
          label={t('form.fields.callForAbstracts')}
          hint={t('form.fields.callForAbstractsHint')}
          error={errorOf('call_for_abstracts_url')}
          className="event-form__wide"
        >
          {textInput('call_for_abstracts_url', 'url', { placeholder: t('form.fields.urlPlaceholder'), maxLength: 500 })}
        </Field>
      </div>

      <FormMessage message={outcome} />

      <div className="event-form__actions">
        <div className="event-form__steps">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => showTab(FORM_TABS[tabIndex - 1] ?? tab)}
            disabled={tabIndex === 0}
          >
            <span aria-hidden="true">‹ </span>
            {t('form.previous')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => showTab(FORM_TABS[tabIndex + 1] ?? tab)}
            disabled={tabIndex === FORM_TABS.length - 1}
          >
            {t('form.next')}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
        <div className="event-form__submit">
          <Link to="/dashboard/events" className="button button--secondary">
            {t('form.cancel')}
          </Link>
          {mode === 'create' ? (
            <>
              {/* Draft first: it is the default an Enter key submits with. */}
              <button
                type="submit"
                className="button button--secondary"
                disabled={busy}
                onClick={() => {
                  submitStatus.current = 'Draft';
                }}
              >
                {saving === 'Draft' ? t('form.saving') : t('form.saveDraft')}
              </button>
              <button
                type="submit"
                className="button button--primary"
                disabled={busy}
                onClick={() => {
                  submitStatus.current = 'Published';
                }}
              >
                {saving === 'Published' ? t('form.saving') : t('form.publish')}
              </button>
            </>
          ) : (
            <button type="submit" className="button button--primary" disabled={busy}>
              {saving ? t('form.saving') : t('form.update')}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
