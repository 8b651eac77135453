import { http } from 'msw';

import { json } from '../../../testing/api-answer';
import type { DistrictCount, Interpreter, InterpreterPage, MyInterpreter, StaffInterpreter, StaffInterpreterPage } from '../api';

/** A listed interpreter with every field filled in; override what a test is about. */
export function makeInterpreter(overrides: Partial<Interpreter> = {}): Interpreter {
  return {
    id: 1,
    display_name: 'Aline U.',
    photo_url: null,
    sign_languages: ['Rwandan Sign Language'],
    spoken_languages: ['Kinyarwanda', 'English'],
    districts: ['Gasabo', 'Kicukiro'],
    settings: ['medical'],
    certification_level: 'Certified',
    years_of_practice: 9,
    bio: 'Hospital and conference work.',
    verified: true,
    phone: null,
    email: null,
    ...overrides,
  };
}

export function page(results: Interpreter[], overrides: Partial<InterpreterPage> = {}): InterpreterPage {
  return { results, count: results.length, page: 1, page_size: 12, total_pages: 1, ...overrides };
}

export const DISTRICT_COUNTS: DistrictCount[] = [
  { district: 'Gasabo', province: 'Kigali City', latitude: -1.883, longitude: 30.132, interpreters: 2 },
  { district: 'Kicukiro', province: 'Kigali City', latitude: -1.995, longitude: 30.117, interpreters: 1 },
  { district: 'Huye', province: 'Southern', latitude: -2.6, longitude: 29.74, interpreters: 0 },
];

export function makeStaffInterpreter(overrides: Partial<StaffInterpreter> = {}): StaffInterpreter {
  return {
    ...makeInterpreter({ verified: false }),
    member_id: 7,
    member_name: 'Aline Uwase',
    listed: true,
    public: true,
    show_phone: false,
    show_email: false,
    consent_at: '2026-11-01T10:00:00Z',
    verified_at: null,
    verified_by: null,
    hidden_at: null,
    hidden_by: null,
    ...overrides,
  };
}

export const interpretingHandlers = {
  list: (answer: (url: URL) => InterpreterPage) =>
    http.get('*/api/interpreters/', ({ request }) => json<InterpreterPage>(answer(new URL(request.url)))),
  districts: (rows: DistrictCount[] = DISTRICT_COUNTS) =>
    http.get('*/api/interpreters/districts/', () => json<DistrictCount[]>(rows)),
  mine: (answer: MyInterpreter) => http.get('*/api/my-membership/interpreter-profile/', () => json<MyInterpreter>(answer)),
  staffList: (rows: StaffInterpreter[]) =>
    http.get('*/api/management/interpreters/', () =>
      json<StaffInterpreterPage>({ results: rows, count: rows.length, page: 1, page_size: 20, total_pages: 1 }),
    ),
};
