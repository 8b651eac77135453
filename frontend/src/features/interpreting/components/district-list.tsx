import { useTranslation } from '../../../lib/use-translation';
import type { DistrictCount } from '../api';

interface Props {
  districts: DistrictCount[];
  selected: string | undefined;
  onSelect: (district: string) => void;
}

/** What the map says, as a list: every district by province with its number of interpreters;
 * choosing one filters the directory (for people who cannot use the map). */
export function DistrictList({ districts, selected, onSelect }: Props) {
  const { t } = useTranslation('interpreting');
  const provinces = [...new Set(districts.map((row) => row.province))];
  return (
    <div className="district-list">
      {provinces.map((province) => (
        <section key={province} className="district-list__province" aria-label={province}>
          <h3 className="district-list__heading">{t(`directory.provinces.${province}`)}</h3>
          <ul className="plain-list district-list__items">
            {districts
              .filter((row) => row.province === province)
              .map((row) => (
                <li key={row.district}>
                  <button
                    type="button"
                    className="district-list__button"
                    aria-pressed={selected === row.district}
                    onClick={() => onSelect(row.district)}
                  >
                    <span>{row.district}</span>{' '}
                    <span className="district-list__count">
                      {t('directory.districtCount', { count: row.interpreters })}
                    </span>
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
