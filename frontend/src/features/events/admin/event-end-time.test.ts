import { describe, expect, it } from 'vitest';

import { newEventValues, validateValues, valuesToInput } from './event-form-values';

const base = { ...newEventValues([]), title: 'Workshop', date: '2031-05-04', location: 'Huye' };

describe('the end time of an event', () => {
  it('is refused before or at the start, and without a start', () => {
    expect(validateValues({ ...base, time: '10:00', end_time: '09:30' })?.fields).toEqual({
      end_time: 'form.errors.endTimeAfterStart',
    });
    expect(validateValues({ ...base, time: '10:00', end_time: '10:00' })?.fields.end_time).toBe('form.errors.endTimeAfterStart');
    expect(validateValues({ ...base, time: '', end_time: '12:00' })?.fields.end_time).toBe('form.errors.endTimeNeedsStart');
  });

  it('is sent when after the start, and sent empty as null', () => {
    const later = { ...base, time: '09:30', end_time: '16:15' };
    expect(validateValues(later)).toBeNull();
    expect(valuesToInput(later).end_time).toBe('16:15');
    expect(valuesToInput({ ...base, time: '09:30' }).end_time).toBeNull();
  });
});
