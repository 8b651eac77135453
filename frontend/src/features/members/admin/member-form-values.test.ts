import { describe, expect, it } from 'vitest';

import { NO_FILTERS, filtersFromLink, memberPageCount, memberQuery } from '../admin-api';
import { formValuesOf, memberUpdateOf } from './member-form-values';
import { makeMember } from './mocks/handlers';

describe('memberUpdateOf', () => {
  it('sends the form as it opened unchanged, with the id and the consent', () => {
    const member = makeMember({ id: 7, transaction_id: 'MP-1' });
    const update = memberUpdateOf(member, formValuesOf(member));
    expect(update).toMatchObject({ id: 7, gender: 'Female', experience_years: 6, transaction_id: 'MP-1', agree_to_terms: true });
  });

  it('trims texts and sends emptied fields empty (the server keeps their values)', () => {
    const member = makeMember();
    const values = { ...formValuesOf(member), full_name: '  Jane D. Doe ', phone: '   ', experience_years: '', membership_type: '' };
    const update = memberUpdateOf(member, { ...values, areas_of_interest: [] });
    expect(update.full_name).toBe('Jane D. Doe');
    expect(update.phone).toBe('');
    expect(update.experience_years).toBeNull();
    expect(update.membership_type).toBe('');
    expect(update.areas_of_interest).toEqual([]);
  });

  it('keeps a declared gender the admin reads as Other unless the admin picks another', () => {
    const member = makeMember({ gender: 'Other', gender_declared: 'Non-binary' });
    expect(memberUpdateOf(member, formValuesOf(member)).gender).toBe('');
    expect(memberUpdateOf(member, { ...formValuesOf(member), gender: 'Male' }).gender).toBe('Male');
    const declaredOther = makeMember({ gender: 'Other', gender_declared: 'Other' });
    expect(memberUpdateOf(declaredOther, formValuesOf(declaredOther)).gender).toBe('Other');
  });
});

describe('the list query', () => {
  it('repeats approval_status and membership_type, and leaves out what is not filtered', () => {
    const query = memberQuery({
      search: ' jane ',
      statuses: ['Pending', 'Rejected'],
      types: ['Institutional'],
      active: true,
      standings: [],
    });
    expect(query.toString()).toBe('search=jane&approval_status=Pending&approval_status=Rejected&membership_type=Institutional&active=true');
    expect(memberQuery({ search: '', statuses: [], types: [], active: null, standings: [] }).toString()).toBe('');
  });

  it('repeats standing and sends the order by end date', () => {
    const query = memberQuery({ ...NO_FILTERS, search: '', standings: ['Expiring', 'Grace'], ordering: '-membership_end' });
    expect(query.toString()).toBe('standing=Expiring&standing=Grace&ordering=-membership_end');
  });

  it('reads the standings and order a link asks for, any capitals, leaving out what it does not know', () => {
    const link = filtersFromLink(new URLSearchParams('standing=expiring&standing=Gone&standing=LAPSED&ordering=membership_end'));
    expect(link).toEqual({ filters: { ...NO_FILTERS, standings: ['Expiring', 'Lapsed'] }, ordering: 'membership_end' });
    expect(filtersFromLink(new URLSearchParams('ordering=price'))).toEqual({ filters: NO_FILTERS, ordering: undefined });
  });

  it('counts pages as the count divided by ten, rounded up', () => {
    expect([0, 1, 10, 11, 23, 30].map(memberPageCount)).toEqual([0, 1, 1, 2, 3, 3]);
  });
});
