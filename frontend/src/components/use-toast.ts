import { useMemo } from 'react';
import { useDispatch } from 'react-redux';

import { dismissToast, showToast, type ToastType } from './toast-slice';

type Show = (message: string, duration?: number) => void;

/** The one way to show a toast: `const toast = useToast(); toast.success('Saved')`. */
export function useToast(): Record<ToastType, Show> & { dismiss: (id: string) => void } {
  const dispatch = useDispatch();
  return useMemo(() => {
    const show =
      (type: ToastType): Show =>
      (message, duration) =>
        dispatch(showToast({ message, type, duration }));
    return {
      success: show('success'),
      error: show('error'),
      info: show('info'),
      warning: show('warning'),
      dismiss: (id: string) => dispatch(dismissToast(id)),
    };
  }, [dispatch]);
}
