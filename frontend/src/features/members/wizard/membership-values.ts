import {
  AREAS_OF_INTEREST,
  type AreaOfInterest,
  type Gender,
  type MembershipApplication,
  type MembershipType,
  type PaymentMethod,
} from '../public-api';

/** What the applicant has typed and chosen so far, on every step. */
export interface MembershipValues {
  full_name: string;
  email: string;
  phone: string;
  date_of_birth: string;
  gender: Gender | '';
  contact_person_name: string;
  contact_person_role: string;
  nationality: string;
  address: string;
  occupation: string;
  organization: string;
  /** As typed in the number input: '' or digits. */
  experience_years: string;
  preferred_communication_language: string;
  skills: string;
  certifications: string;
  membership_type: MembershipType | '';
  areas_of_interest: AreaOfInterest[];
  reason_for_joining: string;
  payment_method: PaymentMethod | '';
  agree_to_terms: boolean;
}

export type MembershipField = keyof MembershipValues;
/** The fields typed or chosen as one text (all but the interests and the terms). */
export type TextField = Exclude<MembershipField, 'areas_of_interest' | 'agree_to_terms'>;

/** A message per field (translation keys from the check, sentences from the server). */
export type FieldErrors = Partial<Record<MembershipField, string>>;

export const STEPS = ['account', 'personal', 'professional', 'membership', 'payment'] as const;
export type Step = (typeof STEPS)[number];

/** Which step holds each field, in the order they appear (docs/api.md "Application"). */
const STEP_FIELDS: Record<Step, readonly MembershipField[]> = {
  account: ['full_name', 'email', 'phone'],
  // The type comes first: a person gives a birth date and gender, an institution a contact person.
  personal: [
    'membership_type',
    'date_of_birth',
    'gender',
    'contact_person_name',
    'contact_person_role',
    'nationality',
    'address',
  ],
  professional: [
    'occupation',
    'organization',
    'experience_years',
    'preferred_communication_language',
    'skills',
    'certifications',
  ],
  membership: ['areas_of_interest', 'reason_for_joining'],
  payment: ['payment_method', 'agree_to_terms'],
};

/** Every field, step by step: the first one at fault gets the focus. */
const FIELD_ORDER: readonly MembershipField[] = STEPS.flatMap((step) => STEP_FIELDS[step]);

/** The fields the browser would ask for (SPEC §5), with the key of the message for each. */
const REQUIRED: Partial<Record<TextField, string>> = {
  full_name: 'validation.full_name',
  email: 'validation.email',
  phone: 'validation.phone',
  membership_type: 'validation.membership_type',
  nationality: 'validation.nationality',
  address: 'validation.address',
  payment_method: 'validation.payment_method',
};

/** What each type asks for besides (the server's rule too, docs/members.md). */
const REQUIRED_BY_TYPE: Record<MembershipType, Partial<Record<TextField, string>>> = {
  Individual: { date_of_birth: 'validation.date_of_birth', gender: 'validation.gender' },
  Institutional: {
    contact_person_name: 'validation.contact_person_name',
    contact_person_role: 'validation.contact_person_role',
  },
};

/** The required fields of the type chosen (none chosen yet: a person's). */
function requiredFor(type: MembershipType | ''): Partial<Record<TextField, string>> {
  return { ...REQUIRED, ...REQUIRED_BY_TYPE[type || 'Individual'] };
}

/** Whether the form asks for `name` at all, for the type chosen (none yet: a person's fields). */
export function isAsked(name: MembershipField, type: MembershipType | ''): boolean {
  const other: MembershipType = (type || 'Individual') === 'Individual' ? 'Institutional' : 'Individual';
  return !(name in REQUIRED_BY_TYPE[other]);
}

export const EMPTY_VALUES: MembershipValues = {
  full_name: '',
  email: '',
  phone: '',
  date_of_birth: '',
  gender: '',
  contact_person_name: '',
  contact_person_role: '',
  nationality: '',
  address: '',
  occupation: '',
  organization: '',
  experience_years: '',
  preferred_communication_language: '',
  skills: '',
  certifications: '',
  membership_type: '',
  areas_of_interest: [],
  reason_for_joining: '',
  payment_method: '',
  agree_to_terms: false,
};

export const MAX_EXPERIENCE_YEARS = 80;

export function isRequired(name: MembershipField, type: MembershipType | ''): boolean {
  return name in requiredFor(type);
}

export function isMembershipField(name: string): name is MembershipField {
  return (FIELD_ORDER as readonly string[]).includes(name);
}

/** The index in STEPS of the step that holds the field. */
export function stepOf(name: MembershipField): number {
  return STEPS.findIndex((step) => STEP_FIELDS[step].includes(name));
}

/** The element id of a field's control (of the fieldset, for a group of choices). */
export function fieldId(name: MembershipField): string {
  return `membership-${name.replace(/_/g, '-')}`;
}

export function firstFieldInError(errors: FieldErrors): MembershipField | undefined {
  return FIELD_ORDER.find((name) => errors[name]);
}

/** The steps that hold a field in error (indexes in STEPS). */
export function stepsInError(errors: FieldErrors): Set<number> {
  return new Set(FIELD_ORDER.filter((name) => errors[name]).map(stepOf));
}

export type CheckedValues =
  | { payload: MembershipApplication; errors?: undefined }
  | { payload?: undefined; errors: FieldErrors };

// The browser's own check of an e-mail input (the form has noValidate: its fields are on five steps).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The payload to send, or the problems (translation keys, SPEC §5) by field: first the fields
 * the browser would ask for, and only once they are all there the terms. Text is trimmed;
 * experience left empty is 0.
 */
export function checkValues(values: MembershipValues): CheckedValues {
  const text = (name: TextField) => values[name].trim();
  const errors: FieldErrors = {};
  for (const [name, key] of Object.entries(requiredFor(values.membership_type)) as [TextField, string][]) {
    if (!text(name)) errors[name] = key;
  }
  const email = text('email');
  if (email && !EMAIL_SHAPE.test(email)) errors.email = 'validation.emailShape';
  const years = text('experience_years');
  const experience = years === '' ? 0 : Number(years);
  if (!Number.isInteger(experience) || experience < 0 || experience > MAX_EXPERIENCE_YEARS) {
    errors.experience_years = 'validation.experience_years';
  }
  if (Object.keys(errors).length > 0) return { errors };

  const { gender, membership_type, payment_method } = values;
  if (!values.agree_to_terms || !membership_type || !payment_method) {
    return { errors: { agree_to_terms: 'validation.agree_to_terms' } };
  }
  const person = membership_type === 'Individual';
  return {
    payload: {
      full_name: text('full_name'),
      email,
      phone: text('phone'),
      // Only what the type asks for goes (the server would drop the rest).
      date_of_birth: person ? values.date_of_birth : '',
      gender: person ? gender : '',
      contact_person_name: person ? '' : text('contact_person_name'),
      contact_person_role: person ? '' : text('contact_person_role'),
      nationality: text('nationality'),
      address: text('address'),
      occupation: text('occupation'),
      organization: text('organization'),
      experience_years: experience,
      preferred_communication_language: text('preferred_communication_language'),
      skills: text('skills'),
      certifications: text('certifications'),
      membership_type,
      // In the form's order, whatever order they were ticked in.
      areas_of_interest: AREAS_OF_INTEREST.filter((area) => values.areas_of_interest.includes(area)),
      reason_for_joining: text('reason_for_joining'),
      payment_method,
      agree_to_terms: true,
    },
  };
}
