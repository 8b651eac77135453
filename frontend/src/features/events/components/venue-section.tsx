import { lazy, Suspense, useEffect, useId, useState } from 'react';

import { directionsUrl } from '../../../lib/event-defaults';
import { useTranslation } from '../../../lib/use-translation';
import { MapLoading } from './map-loading';
import type { Venue } from './venue';

// Leaflet (and its CSS) load only when a page shows a venue map: never in another page's chunk.
const VenueMap = lazy(async () => ({ default: (await import('./venue-map')).VenueMap }));

/**
 * True once the element comes within a quarter screen of the viewport, so that the map's ~40 KB
 * (Leaflet) load only for a visitor who scrolls towards it: a first visit stays within the
 * JavaScript budget (a whole screen ahead fetched it on the first visit of a short event page).
 * Without IntersectionObserver (old browsers, tests), at once.
 */
function useNearViewport(ahead: string) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${ahead} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, ahead]);
  return [setElement, near] as const;
}

/**
 * The venue: its name, address and a directions link as text (usable without the map,
 * WCAG 2.5.7), then the interactive map. An event without a place of its own (`venue` null)
 * shows its location text only: no map, no directions to a place we would have to invent.
 * `access`: the venue's access information (several lines), under its own heading before the
 * map, where a visitor reads where the place is; empty: nothing is said.
 * `mapAhead`: how far below the screen the map starts loading (a quarter screen by default).
 */
export function VenueSection({
  location,
  venue,
  access = '',
  mapAhead = '25%',
}: {
  location: string;
  venue: Venue | null;
  access?: string | undefined;
  mapAhead?: string;
}) {
  const { t } = useTranslation(['event-detail', 'common']);
  const headingId = useId();
  const [watchMapArea, mapNear] = useNearViewport(mapAhead);
  // The server trims it: empty is none.
  const accessInfo = access && (
    <>
      <h3>{t('map.accessHeading')}</h3>
      <p className="venue__access">{access}</p>
    </>
  );
  if (!venue) {
    return (
      <section className="event-section venue" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('map.heading')}</h2>
        <address className="venue__address">
          <span className="visually-hidden">{t('map.addressLabel')}: </span>
          {location}
        </address>
        {accessInfo}
      </section>
    );
  }
  return (
    <section className="event-section venue" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('map.heading')}</h2>
      <address className="venue__address">
        <span className="visually-hidden">{t('map.addressLabel')}: </span>
        {venue.address}
      </address>
      <p>
        <a href={directionsUrl(venue.lat, venue.lng)} target="_blank" rel="noopener noreferrer">
          {t('map.directions')}
          <span className="visually-hidden"> {t('common:a11y.opensInNewTab')}</span>
        </a>
      </p>
      {accessInfo}
      <div ref={watchMapArea}>
        {mapNear ? (
          <Suspense fallback={<MapLoading />}>
            <VenueMap venue={venue} />
          </Suspense>
        ) : (
          <MapLoading />
        )}
      </div>
    </section>
  );
}
