import { describe, expect, it } from 'vitest';

import { countersAfterDecision, type RegistrationCounters } from '../admin-api';

const COUNTERS: RegistrationCounters = {
  total_registrations: 10,
  pending_registrations: 4,
  approved_registrations: 5,
  rejected_registrations: 1,
  maximum_attendees: 20,
  available_seats: 15,
  open_seats: 11,
  waitlist_count: 0,
};

describe("SPEC §4's on-screen counters after a decision", () => {
  it('approving a pending registration adds one to approved, takes one from pending, recalculates the seats', () => {
    expect(countersAfterDecision(COUNTERS, 'Pending', 'Approved')).toEqual({
      ...COUNTERS,
      approved_registrations: 6,
      pending_registrations: 3,
      available_seats: 14,
    });
  });

  it('approving a rejected one leaves pending alone (it was not counted there)', () => {
    expect(countersAfterDecision(COUNTERS, 'Rejected', 'Approved')).toMatchObject({
      approved_registrations: 6,
      pending_registrations: 4,
      available_seats: 14,
    });
  });

  it('keeps the seats unlimited when there is no maximum', () => {
    const unlimited = { ...COUNTERS, maximum_attendees: null, available_seats: null };
    expect(countersAfterDecision(unlimited, 'Pending', 'Approved').available_seats).toBeNull();
  });

  it.each(['Pending', 'Approved'] as const)('rejecting a %s registration changes nothing', (previous) => {
    expect(countersAfterDecision(COUNTERS, previous, 'Rejected')).toBe(COUNTERS);
  });
});
