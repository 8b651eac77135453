import {
  DISABILITIES,
  PREFERRED_LANGUAGES,
  type Disability,
  type Registrant,
  type PreferredLanguage,
  type RegistrationPayload,
} from '../public-api';

/** What the visitor has typed and chosen so far. */
export interface RegistrationValues {
  full_name: string;
  phone: string;
  email: string;
  membership_number: string;
  preferred_language: PreferredLanguage | '';
  disability: Disability | '';
  disability_details: string;
  needs_interpreter: boolean;
  agree_to_terms: boolean;
}

export type RegistrationField = keyof RegistrationValues;

/** A message per field (translation keys from a check, sentences from the server). */
export type FieldErrors = Partial<Record<RegistrationField, string>>;

/** The fields in the order they appear: the first one at fault gets the focus. */
export const FIELD_ORDER: readonly RegistrationField[] = [
  'full_name',
  'phone',
  'email',
  'membership_number',
  'preferred_language',
  'disability',
  'disability_details',
  'needs_interpreter',
  'agree_to_terms',
];

export const EMPTY_VALUES: RegistrationValues = {
  full_name: '',
  phone: '',
  email: '',
  membership_number: '',
  preferred_language: '',
  disability: '',
  disability_details: '',
  needs_interpreter: false,
  agree_to_terms: false,
};

function oneOf<T extends string>(choices: readonly T[], value: string): T | '' {
  return (choices as readonly string[]).includes(value) ? (value as T) : '';
}

/** The form as a waiting-list offer fills it in: what its holder gave when joining the list. */
export function valuesFromRegistrant(registrant: Registrant): RegistrationValues {
  return {
    ...EMPTY_VALUES,
    full_name: registrant.full_name ?? '',
    phone: registrant.phone ?? '',
    email: registrant.email ?? '',
    membership_number: registrant.membership_number ?? '',
    preferred_language: oneOf(PREFERRED_LANGUAGES, registrant.preferred_language ?? ''),
    disability: oneOf(DISABILITIES, registrant.disability ?? ''),
    disability_details: registrant.disability_details ?? '',
    needs_interpreter: Boolean(registrant.needs_interpreter),
  };
}

export function isRegistrationField(name: string): name is RegistrationField {
  return (FIELD_ORDER as readonly string[]).includes(name);
}

/** The element id of a field's control. */
export function fieldId(name: RegistrationField): string {
  return `registration-${name.replace(/_/g, '-')}`;
}

export function firstFieldInError(errors: FieldErrors): RegistrationField | undefined {
  return FIELD_ORDER.find((name) => errors[name]);
}

export type CheckedValues = { payload: RegistrationPayload; errors?: undefined } | { payload?: undefined; errors: FieldErrors };

/**
 * The payload to send, or the problems (translation keys, SPEC §5) by field. Text is trimmed;
 * disability details go only with 'Other'.
 */
export function checkValues(values: RegistrationValues, offerToken?: string): CheckedValues {
  const full_name = values.full_name.trim();
  const phone = values.phone.trim();
  const email = values.email.trim();
  const details = values.disability_details.trim();
  const membershipNumber = values.membership_number.trim();
  const { preferred_language, disability } = values;
  const errors: FieldErrors = {};
  if (!full_name) errors.full_name = 'validation.fullName';
  if (!phone) errors.phone = 'validation.phone';
  if (!email) errors.email = 'validation.email';
  if (!preferred_language) errors.preferred_language = 'validation.language';
  if (!disability) errors.disability = 'validation.disability';
  if (disability === 'Other' && !details) errors.disability_details = 'validation.disabilityDetails';
  if (!values.agree_to_terms) errors.agree_to_terms = 'validation.terms';
  if (!preferred_language || !disability || Object.keys(errors).length > 0) return { errors };
  return {
    payload: {
      full_name,
      phone,
      email,
      preferred_language,
      needs_interpreter: values.needs_interpreter,
      disability,
      disability_details: disability === 'Other' ? details : '',
      ...(membershipNumber ? { membership_number: membershipNumber } : {}),
      agree_to_terms: true,
      ...(offerToken ? { offer_token: offerToken } : {}),
    },
  };
}
