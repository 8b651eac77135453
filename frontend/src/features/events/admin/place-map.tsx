import 'leaflet/dist/leaflet.css';

import type { LatLngBoundsExpression } from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';

import { useGetSiteConfigQuery } from '../../../lib/api';
import { MAP_ZOOM } from '../../../lib/event-defaults';
import { useTranslation } from '../../../lib/use-translation';
import { markerIcon } from '../components/venue-map';
import '../components/venue-map.css';

/**
 * What the picker shows before a place is chosen: the whole of Rwanda, where the association's
 * events happen. A view to click on, not a place: nothing is saved until staff click or type.
 */
const RWANDA_VIEW: LatLngBoundsExpression = [
  [-2.84, 28.86],
  [-1.05, 30.9],
];

/** Six decimal places (about 10 cm), as the server keeps them. */
function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function PickOnClick({ onPick, label }: { onPick: (lat: number, lng: number) => void; label: string }) {
  const map = useMapEvents({
    click(event) {
      const point = event.latlng.wrap();
      onPick(round6(point.lat), round6(point.lng));
    },
  });
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

/** Brings a typed place into view. */
function FollowPoint({ point }: { point: [number, number] | null }) {
  const map = useMap();
  const [lat, lng] = point ?? [null, null];
  useEffect(() => {
    if (lat === null || lng === null) return;
    if (!map.getBounds().contains([lat, lng])) map.setView([lat, lng], Math.max(map.getZoom(), 12));
  }, [map, lat, lng]);
  return null;
}

/** The event form's map: a click sets the event's latitude and longitude; its pin shows them. */
export function PlaceMap({
  point,
  onPick,
}: {
  point: [number, number] | null;
  onPick: (lat: number, lng: number) => void;
}) {
  const { t } = useTranslation('events-admin');
  const { data: config, isError } = useGetSiteConfigQuery(undefined);
  if (isError) return <p className="venue-map__loading">{t('form.place.mapUnavailable')}</p>;
  if (!config) {
    return (
      <p className="venue-map__loading" role="status">
        {t('form.place.mapLoading')}
      </p>
    );
  }
  return (
    <div className="venue-map venue-map__frame place-map">
      <MapContainer
        className="venue-map__map"
        {...(point ? { center: point, zoom: MAP_ZOOM.initial } : { bounds: RWANDA_VIEW })}
        maxZoom={MAP_ZOOM.max}
        scrollWheelZoom={false}
      >
        <PickOnClick onPick={onPick} label={t('form.place.mapLabel')} />
        <FollowPoint point={point} />
        <TileLayer url={config.map_tile_url} attribution={config.map_attribution} maxZoom={MAP_ZOOM.max} />
        {point && <Marker position={point} icon={markerIcon} title={t('form.place.pinTitle')} />}
      </MapContainer>
    </div>
  );
}
