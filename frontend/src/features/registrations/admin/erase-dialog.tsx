import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/use-toast';
import { errorStatus, errorText } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { useEraseRegistrationMutation, useEraseWaitlistEntryMutation } from '../admin-api';

/** What is erased: a registration (with whether it holds a seat) or a waiting-list place (with whether a seat is offered to it). */
export type EraseTarget =
  | { kind: 'registration'; id: number; name: string; holdsSeat: boolean }
  | { kind: 'waitlist'; id: number; name: string; offered: boolean };

/** A row's Erase (a registration or a waiting-list place), named after the person for screen readers. */
export function EraseButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation('registrations-admin');
  return (
    <button type="button" className="erase-action" aria-label={label} aria-haspopup="dialog" onClick={onClick}>
      {t('erase.action')}
    </button>
  );
}

interface Props {
  eventId: number;
  target: EraseTarget;
  onClose: () => void;
  /** The row is gone (erased now, or by somebody else first), just before the dialog closes. */
  onGone: () => void;
}

/**
 * "Erase the registration of Aline Uwase?": what goes for good (details, access needs, the
 * e-mails about them), where a seat they hold goes, that it cannot be undone. Then the server's
 * message as a toast; a 404 reads as already erased.
 */
export function EraseDialog({ eventId, target, onClose, onGone }: Props) {
  const { t } = useTranslation('registrations-admin');
  const toast = useToast();
  const [eraseRegistration, registrationCall] = useEraseRegistrationMutation();
  const [eraseEntry, entryCall] = useEraseWaitlistEntryMutation();
  const { kind, name } = target;
  const erasing = registrationCall.isLoading || entryCall.isLoading;
  const seat =
    target.kind === 'registration' ? (target.holdsSeat ? 'erase.registration.seat' : null) : target.offered ? 'erase.waitlist.seat' : null;

  async function confirm() {
    const args = { id: target.id, eventId };
    try {
      const answer = await (kind === 'registration' ? eraseRegistration(args) : eraseEntry(args)).unwrap();
      toast.success(answer.message);
      onGone();
    } catch (failure) {
      console.error(`Erasing the ${kind} failed`, failure);
      if (errorStatus(failure) === 404) {
        toast.error(t(`erase.${kind}.gone`, { name }));
        onGone();
      } else {
        toast.error(t(`erase.${kind}.failed`, { name, message: errorText(failure) ?? t('erase.unknownError') }));
      }
    }
    onClose();
  }

  return (
    <ConfirmDialog
      title={t(`erase.${kind}.title`, { name })}
      confirmLabel={t(`erase.${kind}.confirm`)}
      pendingLabel={t('erase.pending')}
      cancelLabel={t('dialog.back')}
      pending={erasing}
      tone="danger"
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <div className="erase-dialog__text">
        <p>{t(`erase.${kind}.body`)}</p>
        {seat && <p>{t(seat)}</p>}
        <p>
          <strong>{t('erase.final')}</strong>
        </p>
      </div>
    </ConfirmDialog>
  );
}
