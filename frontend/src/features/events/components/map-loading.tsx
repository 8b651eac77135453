import { useTranslation } from 'react-i18next';

/** What the venue map shows while Leaflet or the map settings load. */
export function MapLoading() {
  const { t } = useTranslation('events');
  return (
    <p className="venue-map__loading" role="status">
      {t('map.loading')}
    </p>
  );
}
