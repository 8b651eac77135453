import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';

import { useTranslation } from '../lib/use-translation';
import { dismissToast, selectToasts, type toastSlice, type Toast } from './toast-slice';
import './toast-region.css';

type ToastState = { [toastSlice.reducerPath]: Toast[] };

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();

  useEffect(() => {
    const timer = window.setTimeout(() => dispatch(dismissToast(toast.id)), toast.duration);
    return () => window.clearTimeout(timer);
  }, [dispatch, toast.id, toast.duration]);

  return (
    <li className={`toast toast--${toast.type}`}>
      <span className="visually-hidden">{t(`toast.${toast.type}`)}: </span>
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__dismiss"
        aria-label={t('toast.dismiss')}
        onClick={() => dispatch(dismissToast(toast.id))}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/** Where toasts appear; one per app, announced politely to screen readers. */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useSelector((state: ToastState) => selectToasts(state));
  return (
    <section className="toast-region" aria-label={t('toast.region')}>
      <ul className="toast-region__list" aria-live="polite" aria-relevant="additions text">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ul>
    </section>
  );
}
