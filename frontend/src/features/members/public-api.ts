import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';
import type { Challenged } from '../../lib/public-form-challenge';

/** The public form's reading of gender (SPEC §3); the admin's reading has Other instead. */
export const GENDERS = ['Male', 'Female', 'Non-binary', 'Prefer Not to Say'] as const;
export type Gender = (typeof GENDERS)[number];

/** The values the server's member filter accepts. */
export type MembershipType = NonNullable<Schemas['MemberFilters']['membership_type']>[number];
export const MEMBERSHIP_TYPES: readonly MembershipType[] = ['Individual', 'Institutional'];

export const AREAS_OF_INTEREST = ['Advocacy', 'Training', 'Research', 'Community Outreach'] as const;
export type AreaOfInterest = (typeof AREAS_OF_INTEREST)[number];

export const PAYMENT_METHODS = ['Mobile Money', 'Bank Transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What the membership wizard sends (docs/api.md "Membership", "Application"). */
export interface MembershipApplication {
  full_name: string;
  email: string;
  phone: string;
  /** 'YYYY-MM-DD'; a person's ('' for an institution). */
  date_of_birth: string;
  gender: Gender | '';
  /** An institution's contact person and their role ('' for a person). */
  contact_person_name: string;
  contact_person_role: string;
  nationality: string;
  address: string;
  occupation: string;
  organization: string;
  experience_years: number;
  preferred_communication_language: string;
  skills: string;
  certifications: string;
  membership_type: MembershipType;
  areas_of_interest: AreaOfInterest[];
  reason_for_joining: string;
  payment_method: PaymentMethod;
  agree_to_terms: true;
}

/** The 201 answer: the new (Pending) member, of which the page reads only the message. */
export type MembershipAnswer = Omit<Schemas['AppliedOut'], 'member'> & {
  member: Pick<Schemas['AppliedOut']['member'], 'id' | 'full_name' | 'email' | 'approval_status'>;
};

/** The public application: no token needed (SPEC §6). */
export const membershipPublicApi = api.injectEndpoints({
  endpoints: (build) => ({
    applyForMembership: build.mutation<MembershipAnswer, MembershipApplication & Challenged>({
      query: ({ challenge, ...application }) => ({
        url: 'users/register/',
        method: 'POST',
        body: application satisfies Schemas['MemberApplicationIn'],
        headers: challenge,
      }),
      // A staff member signed in in the same browser sees the new application in the list.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Member' as const, id: 'LIST' }]),
    }),
  }),
});

export const { useApplyForMembershipMutation } = membershipPublicApi;
