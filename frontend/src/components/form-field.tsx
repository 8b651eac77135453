import type { ComponentProps } from 'react';

interface Props extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  /** A message about this field from the server or a check; marks the input invalid. */
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input with its hint and error tied to it for assistive technology. */
export function FormField({ id, label, error, hint, ...input }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p className="form__field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form__field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
