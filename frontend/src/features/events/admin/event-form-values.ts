import { nanoid } from '@reduxjs/toolkit';

import { EVENT_IMAGE_IDS, eventImage } from '../../../lib/event-images';
import type { AdminEventDetail, EventInput } from '../admin-api';

/** The form's tabs, in order (SPEC §2 Event create and edit form). */
export const FORM_TABS = ['basic', 'description', 'agenda', 'faqs', 'contact'] as const;
export type FormTab = (typeof FORM_TABS)[number];

export interface AgendaRow {
  key: string;
  time: string;
  activity: string;
}

export interface FaqRow {
  key: string;
  question: string;
  answer: string;
}

/** What the form edits: text as typed; turned into an EventInput on send. */
export interface EventFormValues {
  title: string;
  subtitle: string;
  date: string;
  time: string;
  /** HH:MM, the same day, after `time`; empty: none. */
  end_time: string;
  location: string;
  /** The event's own place as typed or picked on the map: both or neither. */
  latitude: string;
  longitude: string;
  /** The venue's access information, several lines; empty: none. */
  access_info: string;
  price: string;
  maximum_attendees: string;
  /** Empty: the association's default. */
  payment_deadline_hours: string;
  event_image_id: string;
  description: string;
  /** One comma-separated text (SPEC §3). */
  speakers: string;
  agenda: AgendaRow[];
  faqs: FaqRow[];
  contact_email: string;
  contact_phone: string;
  facebook: string;
  twitter: string;
  /** Empty: the event has no call for abstracts (no block on its page). */
  call_for_abstracts_url: string;
  /** CPD hours a checked-in member is credited once the event is Completed; empty: none. */
  cpd_hours: string;
  /** One of the CPD categories; needed with hours. */
  cpd_category: string;
}

/** Field errors are keyed like the server's `fields` (e.g. 'social_links.facebook'). */
export type FieldErrors = Record<string, string>;

const FIELD_TABS: Record<string, FormTab> = {
  title: 'basic',
  subtitle: 'basic',
  date: 'basic',
  time: 'basic',
  end_time: 'basic',
  location: 'basic',
  latitude: 'basic',
  longitude: 'basic',
  access_info: 'basic',
  price: 'basic',
  maximum_attendees: 'basic',
  payment_deadline_hours: 'basic',
  cpd_hours: 'basic',
  cpd_category: 'basic',
  event_image_id: 'basic',
  image: 'basic',
  image_alt: 'basic',
  description: 'description',
  speakers: 'description',
  agenda: 'agenda',
  faqs: 'faqs',
  contact_email: 'contact',
  contact_phone: 'contact',
  'social_links.facebook': 'contact',
  'social_links.twitter': 'contact',
  call_for_abstracts_url: 'contact',
};

/** The tab that holds a field (an agenda/FAQ row error like 'agenda.0.time' belongs to its list). */
export function tabOfField(field: string): FormTab | undefined {
  return FIELD_TABS[field] ?? FIELD_TABS[field.split('.')[0] ?? ''];
}

/** The first tab, in tab order, that has an error. */
export function firstTabWithError(errors: FieldErrors): FormTab | undefined {
  const tabs = new Set(Object.keys(errors).map(tabOfField));
  return FORM_TABS.find((tab) => tabs.has(tab));
}

export const blankAgendaRow = (): AgendaRow => ({ key: nanoid(), time: '', activity: '' });
export const blankFaqRow = (): FaqRow => ({ key: nanoid(), question: '', answer: '' });

/** A new event (SPEC §5): three default FAQs, everything else empty; its status is chosen on save. */
export function newEventValues(defaultFaqs: { question: string; answer: string }[]): EventFormValues {
  return {
    title: '',
    subtitle: '',
    date: '',
    time: '',
    end_time: '',
    location: '',
    latitude: '',
    longitude: '',
    access_info: '',
    price: '',
    maximum_attendees: '',
    payment_deadline_hours: '',
    event_image_id: EVENT_IMAGE_IDS[0],
    description: '',
    speakers: '',
    agenda: [blankAgendaRow()],
    faqs: defaultFaqs.map((faq) => ({ key: nanoid(), ...faq })),
    contact_email: '',
    contact_phone: '',
    facebook: '',
    twitter: '',
    call_for_abstracts_url: '',
    cpd_hours: '',
    cpd_category: '',
  };
}

/** An event loaded for editing (SPEC §5): empty lists get one blank row, social links default to empty. */
export function eventToValues(event: AdminEventDetail): EventFormValues {
  const agenda = (event.agenda ?? []).map((row) => ({ key: nanoid(), time: row.time ?? '', activity: row.activity ?? '' }));
  const faqs = (event.faqs ?? []).map((row) => ({ key: nanoid(), question: row.question ?? '', answer: row.answer ?? '' }));
  return {
    title: event.title ?? '',
    subtitle: event.subtitle ?? '',
    date: event.date ?? '',
    // The time input takes HH:MM.
    time: event.time ? event.time.slice(0, 5) : '',
    end_time: event.end_time ? event.end_time.slice(0, 5) : '',
    location: event.location ?? '',
    latitude: event.latitude === null || event.latitude === undefined ? '' : String(event.latitude),
    longitude: event.longitude === null || event.longitude === undefined ? '' : String(event.longitude),
    access_info: event.access_info ?? '',
    price: event.price === null || event.price === undefined ? '' : String(event.price),
    maximum_attendees: event.maximum_attendees === null || event.maximum_attendees === undefined ? '' : String(event.maximum_attendees),
    payment_deadline_hours:
      event.payment_deadline_hours === null || event.payment_deadline_hours === undefined ? '' : String(event.payment_deadline_hours),
    // An unknown id shows (and saves) the first image, as everywhere else.
    event_image_id: eventImage(event.event_image_id).id,
    description: event.description ?? '',
    speakers: (event.speakers ?? []).join(', '),
    agenda: agenda.length > 0 ? agenda : [blankAgendaRow()],
    faqs: faqs.length > 0 ? faqs : [blankFaqRow()],
    contact_email: event.contact_email ?? '',
    contact_phone: event.contact_phone ?? '',
    facebook: event.social_links?.facebook ?? '',
    twitter: event.social_links?.twitter ?? '',
    call_for_abstracts_url: event.call_for_abstracts_url ?? '',
    cpd_hours: event.cpd_hours ? String(event.cpd_hours) : '',
    cpd_category: event.cpd_category ?? '',
  };
}

/** The comma-separated speakers: split, trimmed, blanks dropped (SPEC §3). */
export function splitSpeakers(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** What is sent (SPEC §3, §5): trimmed text, numbers, complete agenda/FAQ rows only, no empty social links. */
export function valuesToInput(values: EventFormValues): EventInput {
  const socialLinks: EventInput['social_links'] = {};
  if (values.facebook.trim()) socialLinks.facebook = values.facebook.trim();
  if (values.twitter.trim()) socialLinks.twitter = values.twitter.trim();
  return {
    title: values.title.trim(),
    subtitle: values.subtitle.trim(),
    description: values.description.trim(),
    location: values.location.trim(),
    access_info: values.access_info.trim(),
    price: values.price.trim() === '' ? null : Number(values.price),
    date: values.date,
    time: values.time || null,
    end_time: values.end_time || null,
    speakers: splitSpeakers(values.speakers),
    agenda: values.agenda
      .map((row) => ({ time: row.time.trim(), activity: row.activity.trim() }))
      .filter((row) => row.time && row.activity),
    faqs: values.faqs
      .map((row) => ({ question: row.question.trim(), answer: row.answer.trim() }))
      .filter((row) => row.question && row.answer),
    contact_email: values.contact_email.trim(),
    contact_phone: values.contact_phone.trim(),
    social_links: socialLinks,
    event_image_id: values.event_image_id,
    maximum_attendees: values.maximum_attendees.trim() === '' ? null : Number(values.maximum_attendees),
    payment_deadline_hours: values.payment_deadline_hours.trim() === '' ? null : Number(values.payment_deadline_hours),
    latitude: values.latitude.trim() === '' ? null : Number(values.latitude),
    longitude: values.longitude.trim() === '' ? null : Number(values.longitude),
    call_for_abstracts_url: values.call_for_abstracts_url.trim(),
    cpd_hours: values.cpd_hours.trim() === '' ? null : Number(values.cpd_hours),
    cpd_category: values.cpd_category as EventInput['cpd_category'],
  };
}

/** The longest venue access text (services/events/models.py, ACCESS_INFO_MAX). */
export const ACCESS_INFO_MAX = 2000;

/** CPD hours: 0 to 40 in quarter hours (services/core/cpd.py). */
export const CPD_HOURS_MAX = 40;

/** A payment deadline of at most a year (services/events/cleaning.py). */
export const MAX_DEADLINE_HOURS = 24 * 365;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export type ValidationProblem = 'required' | 'invalid';

/** Message keys (in the events-admin namespace) of each check. */
export const CHECK_MESSAGES = {
  required: 'form.errors.fieldRequired',
  price: 'form.errors.price',
  maximum_attendees: 'form.errors.maximumAttendees',
  payment_deadline_hours: 'form.errors.paymentDeadline',
  end_time_after_start: 'form.errors.endTimeAfterStart',
  end_time_needs_start: 'form.errors.endTimeNeedsStart',
  contact_email: 'form.errors.email',
  url: 'form.errors.url',
  latitude: 'form.errors.latitude',
  longitude: 'form.errors.longitude',
  placePair: 'form.errors.placePair',
  cpd_hours: 'form.errors.cpdHours',
  cpd_category: 'form.errors.cpdCategory',
} as const;

/** The ranges the server keeps (services/events/models.py). */
export const PLACE_RANGES = { latitude: 90, longitude: 180 } as const;

/** A latitude or longitude as typed: empty, or a number within ±limit. */
function degreesProblem(text: string, limit: number): boolean {
  if (text === '') return false;
  const number = Number(text);
  return !Number.isFinite(number) || Math.abs(number) > limit;
}

/**
 * The browser's checks (the server makes the same ones): the required fields first, then the
 * shapes. Gives the problem and a message key per field, or null when the form can be sent.
 */
export function validateValues(values: EventFormValues): { problem: ValidationProblem; fields: FieldErrors } | null {
  const missing: FieldErrors = {};
  for (const name of ['title', 'date', 'location'] as const) {
    if (!values[name].trim()) missing[name] = CHECK_MESSAGES.required;
  }
  if (Object.keys(missing).length > 0) return { problem: 'required', fields: missing };

  const invalid: FieldErrors = {};
  const price = values.price.trim();
  if (price !== '' && !(Number.isFinite(Number(price)) && Number(price) >= 0)) invalid.price = CHECK_MESSAGES.price;
  const capacity = values.maximum_attendees.trim();
  if (capacity !== '' && !(Number.isInteger(Number(capacity)) && Number(capacity) >= 1)) {
    invalid.maximum_attendees = CHECK_MESSAGES.maximum_attendees;
  }
  const deadline = values.payment_deadline_hours.trim();
  if (deadline !== '' && !(Number.isInteger(Number(deadline)) && Number(deadline) >= 1 && Number(deadline) <= MAX_DEADLINE_HOURS)) {
    invalid.payment_deadline_hours = CHECK_MESSAGES.payment_deadline_hours;
  }
  const cpdHours = values.cpd_hours.trim();
  const hours = Number(cpdHours);
  if (cpdHours !== '' && !(Number.isFinite(hours) && hours >= 0 && hours <= CPD_HOURS_MAX && Number.isInteger(hours * 4))) {
    invalid.cpd_hours = CHECK_MESSAGES.cpd_hours;
  } else if (cpdHours !== '' && hours > 0 && !values.cpd_category) {
    invalid.cpd_category = CHECK_MESSAGES.cpd_category;
  }
  // 'HH:MM' strings of one day compare as times.
  if (values.end_time && !values.time) invalid.end_time = CHECK_MESSAGES.end_time_needs_start;
  else if (values.end_time && values.end_time <= values.time) invalid.end_time = CHECK_MESSAGES.end_time_after_start;
  const email = values.contact_email.trim();
  if (email && !EMAIL_SHAPE.test(email)) invalid.contact_email = CHECK_MESSAGES.contact_email;
  if (values.facebook.trim() && !isWebUrl(values.facebook.trim())) invalid['social_links.facebook'] = CHECK_MESSAGES.url;
  if (values.twitter.trim() && !isWebUrl(values.twitter.trim())) invalid['social_links.twitter'] = CHECK_MESSAGES.url;
  const abstracts = values.call_for_abstracts_url.trim();
  if (abstracts && !isWebUrl(abstracts)) invalid.call_for_abstracts_url = CHECK_MESSAGES.url;
  const latitude = values.latitude.trim();
  const longitude = values.longitude.trim();
  if (degreesProblem(latitude, PLACE_RANGES.latitude)) invalid.latitude = CHECK_MESSAGES.latitude;
  if (degreesProblem(longitude, PLACE_RANGES.longitude)) invalid.longitude = CHECK_MESSAGES.longitude;
  if (!invalid.latitude && !invalid.longitude && (latitude === '') !== (longitude === '')) {
    invalid[latitude === '' ? 'latitude' : 'longitude'] = CHECK_MESSAGES.placePair;
  }
  return Object.keys(invalid).length > 0 ? { problem: 'invalid', fields: invalid } : null;
}
