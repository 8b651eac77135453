import { useEffect, useRef, useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/use-toast';
import { errorText } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { addButtonId, searchBoxId, type ContentKind } from './content-list';

interface Item {
  id: number;
  title: string;
}

/**
 * Delete with a confirmation (SPEC-style): the question, Deleting... while it runs, a toast
 * either way; afterwards the focus goes to the list's Add button, or its search box when it has
 * none (the row's button is gone).
 */
export function useDeleteFlow<T extends Item>(kind: ContentKind, remove: (id: number) => Promise<unknown>, pending: boolean) {
  const { t } = useTranslation('content-admin');
  const toast = useToast();
  const [target, setTarget] = useState<T | null>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (target !== null || !refocus.current) return;
    refocus.current = false;
    (document.getElementById(addButtonId(kind)) ?? document.getElementById(searchBoxId(kind)))?.focus();
  }, [target, kind]);

  async function confirm(item: T) {
    try {
      await remove(item.id);
      toast.success(t(`${kind}.toasts.deleted`, { title: item.title }));
      refocus.current = true;
    } catch (failure) {
      console.error(`Deleting the ${kind} item failed`, failure);
      toast.error(t(`${kind}.toasts.deleteFailed`, { message: errorText(failure) ?? t('unknownError') }));
    }
    setTarget(null);
  }

  const dialog = target && (
    <ConfirmDialog
      title={t(`${kind}.deleteModal.title`)}
      confirmLabel={t('deleteModal.confirm')}
      pendingLabel={t('deleteModal.deleting')}
      pending={pending}
      tone="danger"
      onConfirm={() => void confirm(target)}
      onCancel={() => setTarget(null)}
    >
      <p>{t(`${kind}.deleteModal.question`, { title: target.title })}</p>
    </ConfirmDialog>
  );

  return { ask: setTarget, dialog };
}
