import { lazy, Suspense, useState } from 'react';

import { Field } from '../../../components/field';
import { useTranslation } from '../../../lib/use-translation';

// Leaflet loads only when staff open the map: typing the place needs none of it.
const PlaceMap = lazy(async () => ({ default: (await import('./place-map')).PlaceMap }));

interface Props {
  latitude: string;
  longitude: string;
  errors: { latitude?: string | undefined; longitude?: string | undefined };
  disabled: boolean;
  /** Both values at once: a click on the map sets the pair, "Remove the place" empties it. */
  onChange: (place: { latitude: string; longitude: string }) => void;
}

/** The value as a number, or null when empty or not a number. */
function degrees(text: string): number | null {
  if (text.trim() === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/**
 * The event's own place: latitude and longitude typed, or set by a click on the map. Both empty:
 * the event page shows its location text and no map.
 */
export function PlaceFields({ latitude, longitude, errors, disabled, onChange }: Props) {
  const { t } = useTranslation('events-admin');
  const [mapOpen, setMapOpen] = useState(false);
  const lat = degrees(latitude);
  const lng = degrees(longitude);
  const point: [number, number] | null =
    lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? [lat, lng] : null;

  return (
    <fieldset className="event-form__place event-form__wide" aria-describedby="event-place-hint">
      <legend>{t('form.place.legend')}</legend>
      <p className="form__field-hint" id="event-place-hint">
        {t('form.place.hint')}
      </p>
      <div className="event-form__place-fields">
        <Field id="event-latitude" label={t('form.place.latitude')} hint={t('form.place.latitudeHint')} error={errors.latitude}>
          {(control) => (
            <input
              {...control}
              name="latitude"
              type="number"
              inputMode="decimal"
              step="any"
              min={-90}
              max={90}
              value={latitude}
              disabled={disabled}
              onChange={(event) => onChange({ latitude: event.target.value, longitude })}
            />
          )}
        </Field>
        <Field id="event-longitude" label={t('form.place.longitude')} hint={t('form.place.longitudeHint')} error={errors.longitude}>
          {(control) => (
            <input
              {...control}
              name="longitude"
              type="number"
              inputMode="decimal"
              step="any"
              min={-180}
              max={180}
              value={longitude}
              disabled={disabled}
              onChange={(event) => onChange({ latitude, longitude: event.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="event-form__place-actions">
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={mapOpen}
          aria-controls="event-place-map"
          onClick={() => setMapOpen((open) => !open)}
        >
          {t(mapOpen ? 'form.place.hideMap' : 'form.place.showMap')}
        </button>
        {(latitude !== '' || longitude !== '') && (
          <button
            type="button"
            className="button button--secondary"
            disabled={disabled}
            onClick={() => onChange({ latitude: '', longitude: '' })}
          >
            {t('form.place.remove')}
          </button>
        )}
      </div>
      <div id="event-place-map">
        {mapOpen && (
          <Suspense
            fallback={
              <p className="venue-map__loading" role="status">
                {t('form.place.mapLoading')}
              </p>
            }
          >
            <PlaceMap
              point={point}
              onPick={(pickedLat, pickedLng) => {
                if (!disabled) onChange({ latitude: String(pickedLat), longitude: String(pickedLng) });
              }}
            />
          </Suspense>
        )}
      </div>
    </fieldset>
  );
}
