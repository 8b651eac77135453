/**
 * What an event page falls back to (SPEC §9; the call-for-abstracts address is a placeholder
 * until the association confirms it). Without contacts of its own an event shows the
 * association's, from GET /api/config/.
 */
export const EVENT_DEFAULTS = {
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
