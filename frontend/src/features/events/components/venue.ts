import i18n from '../../../lib/i18n';
import { VENUE } from '../../../lib/event-defaults';

/** A place on the venue map, with what its marker's popup says about it. */
export interface Venue {
  lat: number;
  lng: number;
  name: string;
  description: string;
  address: string;
}

/**
 * The venue of an event: its own coordinates when it has some, else the Kigali Convention
 * Center of SPEC §2 (Venue map widget).
 */
export function venueOf(event?: {
  title: string;
  location: string;
  coordinates: { lat: number; lng: number } | null;
}): Venue {
  if (event?.coordinates) {
    return { ...event.coordinates, name: event.location, description: event.title, address: event.location };
  }
  return {
    lat: VENUE.lat,
    lng: VENUE.lng,
    name: i18n.t('map.venueName', { ns: 'event-detail' }),
    description: i18n.t('map.venueDescription', { ns: 'event-detail' }),
    address: i18n.t('map.venueAddress', { ns: 'event-detail' }),
  };
}
