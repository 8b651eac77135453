import 'leaflet/dist/leaflet.css';

import { divIcon } from 'leaflet';
import { useEffect, useId, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';

import { useGetSiteConfigQuery } from '../../../lib/api';
import { directionsUrl, MAP_ZOOM } from '../../../lib/event-defaults';
import { useTranslation } from '../../../lib/use-translation';
import { MapLoading } from './map-loading';
import type { Venue } from './venue';
import './venue-map.css';

// Our own pin, drawn inline: no marker image is fetched from a CDN.
const PIN_SVG =
  '<svg viewBox="0 0 32 44" width="32" height="44" aria-hidden="true" focusable="false">' +
  '<path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 43 16 43s15-16 15-27.2C31 7.6 24.3 1 16 1z" fill="#0b5563" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="16" cy="16" r="6" fill="#f4b942"/></svg>';

/** Our pin, shared with the event form's place picker. */
export const markerIcon = divIcon({
  className: 'venue-map__pin',
  html: PIN_SVG,
  iconSize: [32, 44],
  iconAnchor: [16, 43],
  popupAnchor: [0, -40],
});

/** Names the map for assistive technologies and redraws it when its size changes. */
function MapSettings({ label, expanded }: { label: string; expanded: boolean }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  useEffect(() => {
    map.invalidateSize();
  }, [map, expanded]);
  return null;
}

/** The interactive venue map (Leaflet); tiles and attribution come from GET /api/config/. */
export function VenueMap({ venue }: { venue: Venue }) {
  const { t } = useTranslation(['event-detail', 'common']);
  const frameId = useId();
  const [expanded, setExpanded] = useState(false);
  const { data: config, isError } = useGetSiteConfigQuery(undefined);

  if (isError) return <p className="venue-map__loading">{t('map.unavailable')}</p>;
  if (!config) return <MapLoading />;

  return (
    <div className="venue-map">
      <button
        type="button"
        className="button button--secondary venue-map__toggle"
        aria-controls={frameId}
        onClick={() => setExpanded((value) => !value)}
      >
        {t(expanded ? 'map.collapse' : 'map.expand')}
      </button>
      <div id={frameId} className={`venue-map__frame${expanded ? ' venue-map__frame--expanded' : ''}`}>
        <MapContainer
          className="venue-map__map"
          center={[venue.lat, venue.lng]}
          zoom={MAP_ZOOM.initial}
          maxZoom={MAP_ZOOM.max}
          scrollWheelZoom={false}
        >
          <MapSettings label={t('map.label')} expanded={expanded} />
          <TileLayer url={config.map_tile_url} attribution={config.map_attribution} maxZoom={MAP_ZOOM.max} />
          <Marker position={[venue.lat, venue.lng]} icon={markerIcon} title={venue.name}>
            <Popup maxWidth={220} autoPanPaddingTopLeft={[56, 16]} autoPanPaddingBottomRight={[16, 16]}>
              <p className="venue-map__popup-name">{venue.name}</p>
              <p>{venue.address}</p>
              <a href={directionsUrl(venue.lat, venue.lng)} target="_blank" rel="noopener noreferrer">
                {t('map.directions')}
                <span className="visually-hidden"> {t('common:a11y.opensInNewTab')}</span>
              </a>
            </Popup>
          </Marker>
        </MapContainer>
      </div>
    </div>
  );
}
