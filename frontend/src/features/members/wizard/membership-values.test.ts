import { describe, expect, it } from 'vitest';

import { checkValues, EMPTY_VALUES, firstFieldInError, stepOf, stepsInError, type MembershipValues } from './membership-values';

const FILLED: MembershipValues = {
  ...EMPTY_VALUES,
  full_name: ' Aline Uwase ',
  email: 'aline@example.rw',
  phone: '0788 123 456',
  date_of_birth: '1990-05-14',
  gender: 'Prefer Not to Say',
  nationality: 'Rwandan',
  address: 'Kigali',
  membership_type: 'Individual',
  payment_method: 'Bank Transfer',
  agree_to_terms: true,
};

describe('membership values', () => {
  it('sends the optional fields empty, experience as 0 and no interests when none were given', () => {
    expect(checkValues(FILLED).payload).toMatchObject({
      full_name: 'Aline Uwase',
      occupation: '',
      experience_years: 0,
      areas_of_interest: [],
      agree_to_terms: true,
    });
  });

  it('asks for each field the browser would, by step, and for the terms only once they are there', () => {
    const { errors } = checkValues({ ...EMPTY_VALUES, full_name: '   ', agree_to_terms: false });
    expect(Object.keys(errors ?? {}).sort()).toEqual(
      ['full_name', 'email', 'phone', 'membership_type', 'date_of_birth', 'gender', 'nationality', 'address', 'payment_method'].sort(),
    );
    expect(checkValues({ ...FILLED, agree_to_terms: false }).errors).toEqual({
      agree_to_terms: 'validation.agree_to_terms',
    });
  });

  it('asks an institution for its contact person instead of a birth date and gender, and sends only those', () => {
    const institution = { ...FILLED, membership_type: 'Institutional' as const };
    expect(checkValues(institution).errors).toEqual({
      contact_person_name: 'validation.contact_person_name',
      contact_person_role: 'validation.contact_person_role',
    });
    const { payload } = checkValues({ ...institution, contact_person_name: ' Eric N. ', contact_person_role: 'Director' });
    expect(payload).toMatchObject({
      date_of_birth: '',
      gender: '',
      contact_person_name: 'Eric N.',
      contact_person_role: 'Director',
    });
    expect(stepOf('contact_person_name')).toBe(1);
  });

  it.each(['-1', '2.5', '81'])('refuses %s years of experience', (years) => {
    expect(checkValues({ ...FILLED, experience_years: years }).errors).toEqual({
      experience_years: 'validation.experience_years',
    });
  });

  it('refuses an e-mail without the shape of one', () => {
    expect(checkValues({ ...FILLED, email: 'aline@example' }).errors).toEqual({ email: 'validation.emailShape' });
  });

  it('knows the step of each field and the first field at fault', () => {
    expect([stepOf('phone'), stepOf('gender'), stepOf('skills'), stepOf('areas_of_interest'), stepOf('agree_to_terms')]).toEqual([
      0, 1, 2, 3, 4,
    ]);
    const errors = { payment_method: 'x', nationality: 'y', address: 'z' };
    expect(firstFieldInError(errors)).toBe('nationality');
    expect([...stepsInError(errors)]).toEqual([1, 4]);
  });
});
