import afsli1 from '../assets/events/afsli1.svg?no-inline';
import conference1 from '../assets/events/conference1.svg?no-inline';
import kcc1 from '../assets/events/kcc1.svg?no-inline';
import panafrica1 from '../assets/events/panafrica1.svg?no-inline';
import seminar1 from '../assets/events/seminar1.svg?no-inline';
import workshop1 from '../assets/events/workshop1.svg?no-inline';
import i18n from './i18n';

/** The six preset pictures an event can show (SPEC §3), in the order admins pick them. */
export const EVENT_IMAGE_IDS = ['conference1', 'workshop1', 'seminar1', 'panafrica1', 'afsli1', 'kcc1'] as const;
export type EventImageId = (typeof EVENT_IMAGE_IDS)[number];

const URLS: Record<EventImageId, string> = { conference1, workshop1, seminar1, panafrica1, afsli1, kcc1 };

export interface EventImage {
  id: EventImageId;
  url: string;
  /** The picture's label (SPEC §3 table) in the active language, usable as alt text. */
  label: string;
}

function isEventImageId(value: string | null | undefined): value is EventImageId {
  return (EVENT_IMAGE_IDS as readonly (string | null | undefined)[]).includes(value);
}

/** The picture of an event_image_id; an unknown or missing id falls back to the first. */
export function eventImage(id: string | null | undefined): EventImage {
  const known: EventImageId = isEventImageId(id) ? id : EVENT_IMAGE_IDS[0];
  return { id: known, url: URLS[known], label: i18n.t(`images.${known}`, { ns: 'events' }) };
}
