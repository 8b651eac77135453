import { useId, useState, type FormEvent } from 'react';

import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/use-toast';
import { errorText } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { EVENT_STATUSES, useChangeEventStatusMutation, type AdminEvent, type EventStatus } from '../admin-api';
import { StatusBadge } from '../../../components/status-badge';

/**
 * The change-status modal (SPEC §4): any of the four statuses, starting at the current one.
 * Update Status waits for a choice and is off while saving; success closes it with a toast.
 */
export function EventStatusDialog({ event, onClose }: { event: AdminEvent; onClose: () => void }) {
  const { t } = useTranslation('events-admin');
  const toast = useToast();
  const formId = useId();
  const [chosen, setChosen] = useState<EventStatus | ''>(
    (EVENT_STATUSES as readonly string[]).includes(event.status) ? event.status : '',
  );
  const [changeStatus, { isLoading: saving }] = useChangeEventStatusMutation();

  async function handleSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    if (!chosen || saving) return;
    try {
      const updated = await changeStatus({ id: event.id, status: chosen }).unwrap();
      toast.success(t('statusModal.successToast', { status: t(`common:status.event.${updated.status}`) }));
      onClose();
    } catch (error) {
      console.error('Changing the event status failed', error);
      toast.error(t('statusModal.failedToast', { message: errorText(error) ?? t('list.unknownError') }));
    }
  }

  return (
    <Modal
      title={t('statusModal.title')}
      onClose={onClose}
      busy={saving}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={saving}>
            {t('statusModal.cancel')}
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={!chosen || saving}>
            {saving ? t('statusModal.saving') : t('statusModal.submit')}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit} className="status-choice">
        <p>{t('statusModal.intro', { title: event.title })}</p>
        <fieldset className="status-choice__options" disabled={saving}>
          <legend className="visually-hidden">{t('statusModal.legend')}</legend>
          {EVENT_STATUSES.map((status) => (
            <label key={status} className="status-choice__option">
              <input
                type="radio"
                name="status"
                value={status}
                checked={chosen === status}
                onChange={() => setChosen(status)}
              />
              <StatusBadge kind="event" status={status} />
              {status === event.status && <span className="status-choice__current">{t('statusModal.current')}</span>}
            </label>
          ))}
        </fieldset>
      </form>
    </Modal>
  );
}
