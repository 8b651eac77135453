import type { ApprovalStatus, Member, MemberCreate, MemberUpdate } from '../admin-api';

/** The edit form's text fields, in the order they appear (the first at fault gets the focus). */
export const TEXT_FIELDS = [
  'full_name',
  'email',
  'phone',
  'date_of_birth',
  'gender',
  'nationality',
  'address',
  'occupation',
  'organization',
  'contact_person_name',
  'contact_person_role',
  'experience_years',
  'preferred_communication_language',
  'skills',
  'certifications',
  'membership_type',
  'reason_for_joining',
  'payment_method',
  'transaction_id',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Every field of the form, in order. */
export const FORM_FIELDS = [
  ...TEXT_FIELDS,
  'areas_of_interest',
  'approval_status',
  'is_active_member',
  'agree_to_terms',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export type MemberFormValues = Record<TextField, string> & {
  areas_of_interest: string[];
  approval_status: ApprovalStatus;
  is_active_member: boolean;
  /** The staff form of a new application: staff confirm the applicant agreed to the terms. */
  agree_to_terms: boolean;
};

/** What each type does not ask for: an institution has no birth date, a person no contact person. */
export const NOT_ASKED: Record<string, readonly TextField[]> = {
  Individual: ['contact_person_name', 'contact_person_role'],
  Institutional: ['date_of_birth', 'gender'],
};

/** Whether the form shows `name` for the type chosen (no type yet: the person's fields). */
export function asked(values: Pick<MemberFormValues, 'membership_type'>, name: TextField): boolean {
  return !(NOT_ASKED[values.membership_type || 'Individual'] ?? []).includes(name);
}

/** The staff form of a new application, empty. */
export const EMPTY_FORM: MemberFormValues = {
  ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, ''])) as Record<TextField, string>),
  membership_type: 'Individual',
  areas_of_interest: [],
  approval_status: 'Pending',
  is_active_member: false,
  agree_to_terms: false,
};

/** The form as it opens: the member as they are now. */
export function formValuesOf(member: Member): MemberFormValues {
  return {
    full_name: member.full_name,
    email: member.email,
    phone: member.phone,
    date_of_birth: member.date_of_birth ?? '',
    gender: member.gender,
    nationality: member.nationality,
    address: member.address,
    occupation: member.occupation,
    organization: member.organization,
    contact_person_name: member.contact_person_name ?? '',
    contact_person_role: member.contact_person_role ?? '',
    experience_years: String(member.experience_years ?? ''),
    preferred_communication_language: member.preferred_communication_language,
    skills: member.skills,
    certifications: member.certifications,
    membership_type: member.membership_type,
    reason_for_joining: member.reason_for_joining,
    payment_method: member.payment_method,
    transaction_id: member.transaction_id,
    areas_of_interest: [...member.areas_of_interest],
    approval_status: member.approval_status,
    is_active_member: member.is_active_member,
    agree_to_terms: member.agree_to_terms,
  };
}

/**
 * What the form sends (SPEC §7: the member's fields plus id). A field left empty goes as it is
 * (an empty text, a null number, no interests) and the server keeps its value (SPEC §5).
 */
export function memberUpdateOf(member: Member, values: MemberFormValues): MemberUpdate {
  const text = (name: TextField) => values[name].trim();
  const years = text('experience_years');
  return {
    id: member.id,
    full_name: text('full_name'),
    email: text('email'),
    phone: text('phone'),
    date_of_birth: text('date_of_birth'),
    // The admin reads Non-binary and Prefer Not to Say as Other: an untouched Other goes as
    // "keep", so that what the applicant declared stays on record.
    gender: values.gender === member.gender && member.gender_declared !== member.gender ? '' : values.gender,
    nationality: text('nationality'),
    address: text('address'),
    occupation: text('occupation'),
    organization: text('organization'),
    contact_person_name: text('contact_person_name'),
    contact_person_role: text('contact_person_role'),
    experience_years: years === '' || !Number.isFinite(Number(years)) ? null : Number(years),
    membership_type: values.membership_type === 'Individual' || values.membership_type === 'Institutional' ? values.membership_type : '',
    preferred_communication_language: text('preferred_communication_language'),
    reason_for_joining: text('reason_for_joining'),
    skills: text('skills'),
    areas_of_interest: values.areas_of_interest,
    certifications: text('certifications'),
    payment_method:
      values.payment_method === 'Mobile Money' || values.payment_method === 'Bank Transfer' ? values.payment_method : '',
    transaction_id: text('transaction_id'),
    // The applicant's consent is theirs: sent as it stands.
    agree_to_terms: member.agree_to_terms,
    approval_status: values.approval_status,
    is_active_member: values.is_active_member,
  };
}

/** What the staff form of a new application sends: the applicant's fields and their consent. */
export function memberCreateOf(values: MemberFormValues): MemberCreate {
  const { id: _none, ...fields } = memberUpdateOf(
    {
      id: 0,
      gender: '',
      gender_declared: '',
      agree_to_terms: values.agree_to_terms,
    } as Member,
    values,
  );
  return { ...fields, approval_status: 'Pending', is_active_member: false };
}
