import { useEffect, type RefObject } from 'react';

/**
 * While `open`, the Escape key calls `close` and gives focus back to `returnTo` (the toggle that
 * opened it), so keyboard users are never left inside something that has gone.
 */
export function useCloseOnEscape(open: boolean, close: () => void, returnTo: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      returnTo.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close, returnTo]);
}
