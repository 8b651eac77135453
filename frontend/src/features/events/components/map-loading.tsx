import { useTranslation } from '../../../lib/use-translation';

/** What the venue map shows while Leaflet or the map settings load. */
export function MapLoading() {
  const { t } = useTranslation('event-detail');
  return (
    <p className="venue-map__loading" role="status">
      {t('map.loading')}
    </p>
  );
}
