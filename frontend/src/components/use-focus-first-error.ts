import { useEffect, useRef } from 'react';

/**
 * After a refused save, the first field at fault (in the form's order) gets the focus once its
 * message shows; call the returned function when the errors are set.
 */
export function useFocusFirstError<F extends string>(errors: Partial<Record<F, string>>, order: readonly F[], idOf: (field: F) => string) {
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    const first = order.find((field) => errors[field]) ?? order[0];
    if (first !== undefined) document.getElementById(idOf(first))?.focus();
  });
  return () => {
    pending.current = true;
  };
}

/** The server's field messages that belong to fields of this form. */
export function knownFieldErrors<F extends string>(fields: Record<string, string>, order: readonly F[]): Partial<Record<F, string>> {
  return Object.fromEntries(order.flatMap((field) => (fields[field] ? [[field, fields[field]]] : []))) as Partial<Record<F, string>>;
}
