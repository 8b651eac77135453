import { SITE } from './site-config';

/**
 * What an event page falls back to (SPEC §9: default contact details; the support e-mail and
 * the call-for-abstracts address are placeholders until the association confirms them).
 */
export const EVENT_DEFAULTS = {
  contactEmail: SITE.email,
  contactPhone: SITE.phone,
  callForAbstractUrl: 'https://www.rnslia.org.rw/call-for-abstracts',
} as const;

/** The venue map's default place (SPEC §2 Venue map widget, §9). */
export const VENUE = {
  lat: -1.95,
  lng: 30.0587,
  zoom: 15,
  maxZoom: 19,
} as const;

/** A Google Maps directions link to a point: a plain link, no script. */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** 'tel:' address of a phone number as people write it ('+250 788 000 000'). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
