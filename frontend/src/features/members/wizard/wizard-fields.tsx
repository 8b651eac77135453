import { createContext, useContext, type ComponentProps } from 'react';

import { Field } from '../../../components/field';
import { useTranslation } from '../../../lib/use-translation';
import {
  fieldId,
  isRequired,
  type FieldErrors,
  type MembershipField,
  type MembershipValues,
  type TextField,
} from './membership-values';

/** The wizard's state as every step's fields read and change it. */
export interface WizardForm {
  values: MembershipValues;
  errors: FieldErrors;
  setValue: <K extends MembershipField>(name: K, value: MembershipValues[K]) => void;
}

export const WizardFormContext = createContext<WizardForm | null>(null);

export function useWizardForm(): WizardForm {
  const form = useContext(WizardFormContext);
  if (!form) throw new Error('A wizard field is outside the membership wizard.');
  return form;
}

function Marker() {
  // The control itself says "required" to assistive technology; the star is for the eye.
  return (
    <span className="form__marker" aria-hidden="true">
      {' *'}
    </span>
  );
}

type InputAttributes = Pick<ComponentProps<'input'>, 'type' | 'autoComplete' | 'inputMode' | 'min' | 'max' | 'step'>;

interface TextInputProps extends InputAttributes {
  name: TextField;
  maxLength?: number;
  /** A textarea rather than an input. */
  multiline?: boolean;
  /** Shows hints.<name> under the control. */
  hint?: boolean;
}

/** A labelled input (or textarea) of the wizard: its label, hint and error come from the field's name. */
export function TextInput({ name, multiline = false, hint = false, ...attributes }: TextInputProps) {
  const { t } = useTranslation('membership');
  const { values, errors, setValue } = useWizardForm();
  const required = isRequired(name, values.membership_type);
  return (
    <Field
      id={fieldId(name)}
      label={t(`fields.${name}`)}
      marked={required}
      hint={hint ? t(`hints.${name}`) : undefined}
      error={errors[name]}
    >
      {(control) => {
        const common = {
          ...control,
          name,
          required,
          value: values[name],
          onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
        };
        return multiline ? (
          <textarea {...common} rows={3} maxLength={attributes.maxLength} autoComplete={attributes.autoComplete} />
        ) : (
          <input {...common} {...attributes} />
        );
      }}
    </Field>
  );
}

type ChoiceField = 'gender' | 'membership_type' | 'areas_of_interest' | 'payment_method';

interface ChoiceGroupProps {
  name: ChoiceField;
  choices: readonly string[];
  hint?: boolean;
}

/**
 * A fieldset of choices named by its legend: radio buttons for one choice, checkboxes for the
 * areas of interest (several). Its error describes the group and marks each choice invalid.
 */
export function ChoiceGroup({ name, choices, hint = false }: ChoiceGroupProps) {
  const { t } = useTranslation('membership');
  const { values, errors, setValue } = useWizardForm();
  const id = fieldId(name);
  const error = errors[name];
  const required = isRequired(name, values.membership_type);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

  function isChecked(choice: string): boolean {
    const value = values[name];
    return Array.isArray(value) ? (value as readonly string[]).includes(choice) : value === choice;
  }

  function toggle(choice: string, checked: boolean) {
    if (name !== 'areas_of_interest') return setValue(name, choice as MembershipValues[typeof name]);
    const rest = values.areas_of_interest.filter((area) => area !== choice);
    setValue(name, checked ? [...rest, choice as MembershipValues['areas_of_interest'][number]] : rest);
  }

  return (
    <fieldset id={id} className="form__field wizard-choices" aria-describedby={describedBy}>
      <legend>
        {t(`fields.${name}`)}
        {required && <Marker />}
      </legend>
      {hint && (
        <p className="form__field-hint" id={`${id}-hint`}>
          {t(`hints.${name}`)}
        </p>
      )}
      <div className="wizard-choices__options">
        {choices.map((choice) => (
          <label key={choice} className="wizard-choice">
            <input
              type={name === 'areas_of_interest' ? 'checkbox' : 'radio'}
              name={name}
              value={choice}
              required={required}
              checked={isChecked(choice)}
              onChange={(event) => toggle(choice, event.target.checked)}
              aria-invalid={error ? true : undefined}
            />
            {t(`choices.${name}.${choice}`)}
          </label>
        ))}
      </div>
      {error && (
        <p className="form__field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The terms checkbox. Its message lives in an alert region that is always there, so that the
 * refusal is announced as it arrives (SPEC §5: "an alert says...").
 */
export function TermsCheckbox() {
  const { t } = useTranslation('membership');
  const { values, errors, setValue } = useWizardForm();
  const id = fieldId('agree_to_terms');
  const error = errors.agree_to_terms;
  return (
    <div className="form__field wizard-terms">
      <div className="wizard-terms__row">
        <input
          id={id}
          name="agree_to_terms"
          type="checkbox"
          required
          checked={values.agree_to_terms}
          onChange={(event) => setValue('agree_to_terms', event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>
          {t('fields.agree_to_terms')}
          <Marker />
        </label>
      </div>
      {/* The terms themselves, where the agreement is asked (a new tab keeps what was typed). */}
      <p className="form__field-hint">
        <a href="/privacy#terms" target="_blank" rel="noopener noreferrer">
          {t('common:terms.link')}
          <span className="visually-hidden"> {t('common:a11y.opensInNewTab')}</span>
        </a>
      </p>
      <div role="alert" className="form__status">
        {error && (
          <p className="notice notice--error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** Moves the focus to a field's control: a group's checked choice, else its first one. */
export function focusField(name: MembershipField) {
  const element = document.getElementById(fieldId(name));
  if (element instanceof HTMLFieldSetElement) {
    (element.querySelector<HTMLInputElement>('input:checked') ?? element.querySelector<HTMLInputElement>('input'))?.focus();
  } else element?.focus();
}
