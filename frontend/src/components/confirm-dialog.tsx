import { useId, type ReactNode } from 'react';

import { useTranslation } from '../lib/use-translation';
import { Modal } from './modal';

interface Props {
  title: string;
  /** The question, e.g. 'Delete "Annual meeting"? This cannot be undone.' */
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while `pending`, e.g. 'Deleting...'. */
  pendingLabel: string;
  pending: boolean;
  /** The button that leaves without acting; 'Cancel' unless that word means an action nearby. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** A destructive action gets a red confirm button. */
  tone?: 'danger' | 'primary';
}

/** A yes/no question in a modal; while the action runs, the dialog stays and says so. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  cancelLabel,
  onConfirm,
  onCancel,
  tone = 'primary',
}: Props) {
  const { t } = useTranslation();
  const messageId = useId();
  return (
    <Modal
      title={title}
      onClose={onCancel}
      busy={pending}
      describedBy={messageId}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel ?? t('modal.cancel')}
          </button>
          <button
            type="button"
            className={`button ${tone === 'danger' ? 'button--danger' : 'button--primary'}`}
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? pendingLabel : confirmLabel}
          </button>
        </>
      }
    >
      <div id={messageId}>{children}</div>
    </Modal>
  );
}
