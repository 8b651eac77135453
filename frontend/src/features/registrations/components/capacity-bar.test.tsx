import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { RegistrationEvent } from '../public-api';
import { CapacityBar, capacityOf, isEventFull, type Capacity } from './capacity-bar';

function event(overrides: Partial<RegistrationEvent>): RegistrationEvent {
  return {
    id: 1,
    title: 'Legal Interpreting Workshop',
    location: 'RNUD Hall, Kacyiru, Kigali',
    price: 5000,
    date: '2027-03-05',
    time: '09:00:00',
    contact_email: '',
    contact_phone: '',
    status: 'Published',
    maximum_attendees: 100,
    total_registrations_count: 0,
    approved_registrations_count: 0,
    pending_registrations_count: 0,
    available_seats: 100,
    open_seats: 100,
    ...overrides,
  };
}

function renderBar(capacity: Capacity) {
  render(<CapacityBar capacity={capacity} />);
  const bar = screen.getByRole('progressbar', { name: 'Seats taken' });
  const fill = bar.firstElementChild as HTMLElement;
  return { bar, fill };
}

describe('capacityOf', () => {
  it('is null without a maximum (unlimited seats)', () => {
    expect(capacityOf(event({ maximum_attendees: null, available_seats: null }))).toBeNull();
  });

  it("takes the server's open seats, which count the seats held for waiting-list offers", () => {
    expect(
      capacityOf(
        event({ total_registrations_count: 10, approved_registrations_count: 6, pending_registrations_count: 4, open_seats: 88 }),
      ),
    ).toEqual({ seats: 100, approved: 6, pending: 4, open: 88 });
  });

  it('shows what the server answered, counting nothing itself', () => {
    // 30 held but 0 open: people wait, so the server says no seat is open to newcomers.
    expect(capacityOf(event({ total_registrations_count: 30, open_seats: 0 }))?.open).toBe(0);
    expect(capacityOf(event({ total_registrations_count: 30, pending_registrations_count: 30, open_seats: 70 }))).toEqual({
      seats: 100,
      approved: 0,
      pending: 30,
      open: 70,
    });
  });
});

describe('isEventFull', () => {
  it('is full when the server says no seat is open', () => {
    expect(isEventFull(event({ total_registrations_count: 99, open_seats: 1 }))).toBe(false);
    expect(isEventFull(event({ total_registrations_count: 100, open_seats: 0 }))).toBe(true);
    expect(isEventFull(event({ total_registrations_count: 97, open_seats: 0 }))).toBe(true);
    expect(isEventFull(event({ maximum_attendees: null, total_registrations_count: 500, open_seats: null }))).toBe(false);
  });
});

describe('CapacityBar', () => {
  it('shows the approved count with the pending count, and the bar as seats taken', () => {
    const { bar, fill } = renderBar({ seats: 50, approved: 12, pending: 3, open: 35 });
    expect(screen.getByText('12 approved (+3 pending) of 50 seats')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '15');
    expect(bar).toHaveAttribute('aria-valuemax', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '15 of 50 seats taken');
    expect(fill.style.width).toBe('30%');
    expect(fill).toHaveClass('capacity__fill--ok');
    expect(screen.getByText('35 seats left')).toHaveClass('capacity__seats--ok');
  });

  it('turns the bar yellow at 30% of the seats open and red at 10% (SPEC §9)', () => {
    const { fill: atThirty } = renderBar({ seats: 100, approved: 70, pending: 0, open: 30 });
    expect(atThirty).toHaveClass('capacity__fill--low');
    document.body.innerHTML = '';
    const { fill: aboveThirty } = renderBar({ seats: 100, approved: 69, pending: 0, open: 31 });
    expect(aboveThirty).toHaveClass('capacity__fill--ok');
    document.body.innerHTML = '';
    const { fill: atTen } = renderBar({ seats: 100, approved: 90, pending: 0, open: 10 });
    expect(atTen).toHaveClass('capacity__fill--critical');
  });

  it('colours the seats left yellow at 10 and red at 5, and warns at 5 or fewer (SPEC §8, §9)', () => {
    render(<CapacityBar capacity={{ seats: 200, approved: 190, pending: 0, open: 10 }} />);
    expect(screen.getByText('10 seats left')).toHaveClass('capacity__seats--low');
    expect(screen.queryByText(/spots remaining/)).not.toBeInTheDocument();
    document.body.innerHTML = '';

    render(<CapacityBar capacity={{ seats: 200, approved: 190, pending: 4, open: 6 }} />);
    expect(screen.queryByText(/spots remaining/)).not.toBeInTheDocument();
    document.body.innerHTML = '';

    render(<CapacityBar capacity={{ seats: 200, approved: 190, pending: 5, open: 5 }} />);
    expect(screen.getByText('5 seats left')).toHaveClass('capacity__seats--critical');
    expect(screen.getByText('Only 5 spots remaining! Register now to secure your seat.')).toBeInTheDocument();
    document.body.innerHTML = '';

    render(<CapacityBar capacity={{ seats: 200, approved: 199, pending: 0, open: 1 }} />);
    expect(screen.getByText('1 seat left')).toBeInTheDocument();
    expect(screen.getByText('Only 1 spot remaining! Register now to secure your seat.')).toBeInTheDocument();
  });

  it('caps the bar at 100% and says no seat is left, without the low-seat warning', () => {
    // More registrations than seats (e.g. the maximum lowered after they came in).
    const { bar, fill } = renderBar({ seats: 20, approved: 18, pending: 6, open: 0 });
    expect(fill.style.width).toBe('100%');
    expect(fill).toHaveClass('capacity__fill--critical');
    expect(bar).toHaveAttribute('aria-valuetext', '20 of 20 seats taken');
    expect(screen.getByText('18 approved (+6 pending) of 20 seats')).toBeInTheDocument();
    expect(screen.getByText('No seats left')).toHaveClass('capacity__seats--critical');
    expect(screen.queryByText(/spots remaining/)).not.toBeInTheDocument();
  });
});
