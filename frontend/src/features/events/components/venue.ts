/** A place on the venue map, with what its marker's popup says about it. */
export interface Venue {
  lat: number;
  lng: number;
  /** The event's title: what the marker is. */
  name: string;
  /** The event's location text. */
  address: string;
}

/**
 * The venue of an event from its own latitude and longitude; null when it has none (its page
 * then shows the location text and no map: there is no default place).
 */
export function venueOf(event: {
  title: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
}): Venue | null {
  if (event.latitude === null || event.longitude === null) return null;
  return { lat: event.latitude, lng: event.longitude, name: event.title, address: event.location };
}
