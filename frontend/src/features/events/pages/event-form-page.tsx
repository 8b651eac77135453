import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';

import { PageHeading } from '../../../components/page-heading';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/use-toast';
import { errorText } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { useCreateEventMutation, useGetAdminEventQuery, useUpdateEventMutation } from '../admin-api';
import { EventForm } from '../admin/event-form';
import { eventToValues, newEventValues } from '../admin/event-form-values';
import '../admin/events-admin.css';
import '../admin/event-form.css';
import { StatusBadge } from '../../../components/status-badge';
import { HistorySection } from '../../../components/history-section';
import { SignedVideoManager } from '../../signed-videos/signed-video-manager';

/** /dashboard/create-event: a new event, Draft unless published on save. */
function CreateEvent() {
  const { t } = useTranslation('events-admin');
  const [createEvent] = useCreateEventMutation();
  const defaultFaqs = ['parking', 'documents', 'onsite'].map((topic) => ({
    question: t(`form.defaultFaqs.${topic}Question`),
    answer: t(`form.defaultFaqs.${topic}Answer`),
  }));
  return (
    <div className="page event-form-page">
      <PageHeading title={t('form.createTitle')}>
        <p>{t('form.createLead')}</p>
      </PageHeading>
      <EventForm
        mode="create"
        initialValues={newEventValues(defaultFaqs)}
        save={(input, status) => createEvent({ ...input, status: status ?? 'Draft' }).unwrap()}
      />
    </div>
  );
}

/** /dashboard/edit-event/:eventId: the event as loaded, its status kept. */
function EditEvent({ eventId }: { eventId: number }) {
  const { t } = useTranslation('events-admin');
  const toast = useToast();
  const { data: event, isLoading, isError, error } = useGetAdminEventQuery(eventId, { skip: !Number.isInteger(eventId) });
  const [updateEvent] = useUpdateEventMutation();
  const invalidId = !Number.isInteger(eventId) || eventId < 1;
  const failed = invalidId || (isError && !event);

  // The load failure is announced once, with what the server said.
  const announced = useRef(false);
  useEffect(() => {
    if (!failed || announced.current) return;
    announced.current = true;
    const message = invalidId ? t('form.errors.notFound') : (errorText(error) ?? t('form.errors.unknownError'));
    toast.error(t('form.errors.loadFailedToast', { message }));
  }, [failed, invalidId, error, toast, t]);

  return (
    <div className="page event-form-page">
      <PageHeading title={t('form.editTitle')}>
        <p>{t('form.editLead')}</p>
      </PageHeading>
      {failed ? (
        <div role="alert" className="event-form-page__error">
          <p className="notice notice--error">{t('form.errors.loadFailed')}</p>
          <Link to="/dashboard/events" className="button button--secondary">
            {t('form.backToList')}
          </Link>
        </div>
      ) : isLoading || !event ? (
        <Spinner label={t('form.loading')} />
      ) : (
        <>
          <div className="event-form-page__status">
            <span>{t('form.currentStatus')}</span>
            <StatusBadge kind="event" status={event.status} />
            <span className="event-form-page__status-note">{t('form.statusKept')}</span>
          </div>
          <EventForm
            key={event.id}
            mode="edit"
            initialValues={eventToValues(event)}
            currentImage={event.image}
            save={(changes) => updateEvent({ id: event.id, changes }).unwrap()}
          />
          <SignedVideoManager target={`event:${event.id}`} />
          <HistorySection objectType="event" objectId={event.id} />
        </>
      )}
    </div>
  );
}

/** /dashboard/create-event and /dashboard/edit-event/:eventId. */
export function EventFormPage() {
  const { eventId } = useParams();
  if (eventId === undefined) return <CreateEvent />;
  return <EditEvent key={eventId} eventId={/^\d+$/.test(eventId) ? Number(eventId) : Number.NaN} />;
}
