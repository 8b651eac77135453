import type { ReactElement, ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface Props {
  id: string;
  label: ReactNode;
  /** Shows the * marker. */
  marked?: boolean;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string;
  /** The control, given its id and the attributes that tie the hint and the error to it. */
  children: (control: ControlProps) => ReactElement;
}

/** A labelled control (input, select or textarea) with its hint and error tied to it. */
export function Field({ id, label, marked = false, hint, error, className, children }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`form__field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {/* The control itself says "required" to assistive technology; the star is for the eye. */}
        {marked && (
          <span className="form__marker" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
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
