import { describe, expect, it } from 'vitest';

import { OFFER_REGISTRANT } from '../mocks/public-handlers';
import { checkValues, EMPTY_VALUES, valuesFromRegistrant, type RegistrationValues } from './registration-values';

const FILLED: RegistrationValues = {
  full_name: ' Aline Uwase ',
  phone: ' 0788 123 456',
  email: 'aline@example.rw ',
  membership_number: '',
  preferred_language: 'French',
  disability: 'Mobility Impairment',
  disability_details: 'left over from choosing Other first',
  needs_interpreter: false,
  agree_to_terms: true,
};

describe('checkValues', () => {
  it('names every missing field with its SPEC message key', () => {
    expect(checkValues(EMPTY_VALUES).errors).toEqual({
      full_name: 'validation.fullName',
      phone: 'validation.phone',
      email: 'validation.email',
      preferred_language: 'validation.language',
      disability: 'validation.disability',
      agree_to_terms: 'validation.terms',
    });
  });

  it('treats blank-only text as missing, and wants details only with Other', () => {
    const { errors } = checkValues({ ...FILLED, full_name: '   ', disability: 'Other', disability_details: '  ' });
    expect(errors).toEqual({ full_name: 'validation.fullName', disability_details: 'validation.disabilityDetails' });
  });

  it('trims the text, drops details unless Other, agrees to the terms and carries an offer token', () => {
    expect(checkValues(FILLED, 'tok-1').payload).toEqual({
      full_name: 'Aline Uwase',
      phone: '0788 123 456',
      email: 'aline@example.rw',
      preferred_language: 'French',
      needs_interpreter: false,
      disability: 'Mobility Impairment',
      disability_details: '',
      agree_to_terms: true,
      offer_token: 'tok-1',
    });
    expect(checkValues(FILLED).payload).not.toHaveProperty('offer_token');
    expect(checkValues(FILLED).payload).not.toHaveProperty('membership_number'); // optional, left empty
  });

  it('sends a membership number when one is given, trimmed', () => {
    expect(checkValues({ ...FILLED, membership_number: ' 2026-0042 ' }).payload).toMatchObject({ membership_number: '2026-0042' });
  });
});

describe('valuesFromRegistrant', () => {
  it('fills in what the offer holder gave, leaves the terms to agree again and drops unknown choices', () => {
    expect(valuesFromRegistrant(OFFER_REGISTRANT)).toMatchObject({
      full_name: OFFER_REGISTRANT.full_name,
      preferred_language: 'Kinyarwanda',
      disability: 'Hearing Impairment',
      needs_interpreter: true,
      membership_number: '2026-0007',
      agree_to_terms: false,
    });
    expect(valuesFromRegistrant({ ...OFFER_REGISTRANT, preferred_language: 'Klingon', disability: '' })).toMatchObject({
      preferred_language: '',
      disability: '',
    });
  });
});
