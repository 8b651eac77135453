import { lazy, Suspense, useId } from 'react';

import { directionsUrl } from '../../../lib/event-defaults';
import { useTranslation } from '../../../lib/use-translation';
import { MapLoading } from './map-loading';
import type { Venue } from './venue';

// Leaflet (and its CSS) load only when a page shows a venue map: never in another page's chunk.
const VenueMap = lazy(async () => ({ default: (await import('./venue-map')).VenueMap }));

/**
 * The venue: its name, address and a directions link as text (usable without the map,
 * WCAG 2.5.7), then the interactive map.
 */
export function VenueSection({ venue }: { venue: Venue }) {
  const { t } = useTranslation(['event-detail', 'common']);
  const headingId = useId();
  return (
    <section className="event-section venue" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('map.heading')}</h2>
      <address className="venue__address">
        <strong>{venue.name}</strong>
        <br />
        <span className="visually-hidden">{t('map.addressLabel')}: </span>
        {venue.address}
      </address>
      <p>
        <a href={directionsUrl(venue.lat, venue.lng)} target="_blank" rel="noopener noreferrer">
          {t('map.directions')}
          <span className="visually-hidden"> {t('common:a11y.opensInNewTab')}</span>
        </a>
      </p>
      <Suspense fallback={<MapLoading />}>
        <VenueMap venue={venue} />
      </Suspense>
    </section>
  );
}
