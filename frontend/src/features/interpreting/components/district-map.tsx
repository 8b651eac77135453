import 'leaflet/dist/leaflet.css';

import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';

import { useGetSiteConfigQuery } from '../../../lib/api';
import { useTranslation } from '../../../lib/use-translation';
import type { DistrictCount } from '../api';

const RWANDA_CENTRE: [number, number] = [-1.95, 29.9];

/** Names the map for assistive technologies (the list beside it says the same in words). */
function MapLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

/** Rwanda with a marker at each district's centre sized by how many interpreters serve it
 * (Leaflet, loaded with this chunk only; tiles from GET /api/config/'s map_tile_url). */
export function DistrictMap({ districts, onSelect }: { districts: DistrictCount[]; onSelect: (district: string) => void }) {
  const { t } = useTranslation('interpreting');
  const { data: config, isError } = useGetSiteConfigQuery(undefined);
  if (isError) return <p className="district-map__state">{t('directory.map.unavailable')}</p>;
  if (!config) return <p className="district-map__state" role="status">{t('directory.map.loading')}</p>;
  return (
    <MapContainer className="district-map" center={RWANDA_CENTRE} zoom={8} minZoom={7} maxZoom={12} scrollWheelZoom={false}>
      <MapLabel label={t('directory.map.label')} />
      <TileLayer url={config.map_tile_url} attribution={config.map_attribution} />
      {districts
        .filter((row) => row.interpreters > 0)
        .map((row) => (
          <CircleMarker
            key={row.district}
            center={[row.latitude, row.longitude]}
            radius={8 + Math.min(row.interpreters, 20)}
            pathOptions={{ color: '#0b5563', fillColor: '#f4b942', fillOpacity: 0.85, weight: 2 }}
            eventHandlers={{ click: () => onSelect(row.district) }}
          >
            <Tooltip>
              {row.district}: {t('directory.districtCount', { count: row.interpreters })}
            </Tooltip>
          </CircleMarker>
        ))}
    </MapContainer>
  );
}
