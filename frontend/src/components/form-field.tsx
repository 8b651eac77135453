import type { ComponentProps } from 'react';

import { Field } from './field';

interface Props extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  /** A message about this field from the server or a check; marks the input invalid. */
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input with its hint and error tied to it for assistive technology. */
export function FormField({ id, label, error, hint, ...input }: Props) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => <input {...control} {...input} />}
    </Field>
  );
}
