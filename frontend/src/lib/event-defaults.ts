/** How close the venue maps open, and how close they go (the place is always the event's own). */
export const MAP_ZOOM = {
  initial: 15,
  max: 19,
} as const;

/** A Google Maps directions link to a point: a plain link, no script. */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** 'tel:' address of a phone number as people write it ('+250 788 000 000'). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
