import { useTranslation } from '../../../lib/use-translation';
import { STEPS } from './membership-values';

interface Props {
  /** The index in STEPS of the step shown. */
  current: number;
  /** Steps holding a field in error. */
  attention: ReadonlySet<number>;
}

/** The five steps in order, the current one marked (aria-current="step"), those with errors flagged. */
export function WizardProgress({ current, attention }: Props) {
  const { t } = useTranslation('membership');
  return (
    <ol className="wizard-progress" aria-label={t('progress.label')}>
      {STEPS.map((step, index) => (
        <li
          key={step}
          className={`wizard-progress__step${index === current ? ' wizard-progress__step--current' : ''}${index < current ? ' wizard-progress__step--before' : ''}`}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="wizard-progress__number" aria-hidden="true">
            {index + 1}
          </span>
          <span className="wizard-progress__name">
            {t(`steps.${step}`)}
            {attention.has(index) && <span className="visually-hidden"> {t('progress.needsAttention')}</span>}
          </span>
          {attention.has(index) && (
            <span className="wizard-progress__flag" aria-hidden="true">
              !
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
