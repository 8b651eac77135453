import { dateAndTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import type { Scan } from '../logic';

const COLOURS = { checked_in: 'green', already_checked_in: 'amber', refused: 'red' } as const;
/** The refusals the screen words itself; others are "This scan could not be read". */
const REASONS = new Set(['not_a_ticket', 'other_event', 'not_confirmed', 'rejected', 'cancelled', 'event_cancelled', 'future_scan']);

/** A scan's answer, large: green welcome with the access needs, amber already in, red refused. */
export function ScanAnswer({ scan, onUndo }: { scan: Scan; onUndo: () => void }) {
  const { t } = useTranslation(['checkin', 'registrations-admin']);
  const { answer } = scan;
  const colour = COLOURS[answer.result];
  const needs = scan.accessNeeds;
  const disability = needs && needs.disability && needs.disability !== 'None' ? needs.disability : null;
  const time = dateAndTime(answer.checkedInAt).time;
  const reason = answer.reason && REASONS.has(answer.reason) ? answer.reason : 'unreadable';

  return (
    <section className={`checkin-answer checkin-answer--${colour}`} aria-label={t('answerLabel')}>
      <p className="checkin-answer__headline">
        {answer.result === 'checked_in' && t('welcome', { name: scan.name ?? '' })}
        {answer.result === 'already_checked_in' &&
          (answer.device ? t('already', { time, device: answer.device }) : t('alreadyNoDevice', { time }))}
        {answer.result === 'refused' && t(`reason.${reason}`)}
      </p>
      {answer.result !== 'checked_in' && scan.name && <p className="checkin-answer__name">{scan.name}</p>}
      {answer.result === 'checked_in' && needs && (needs.interpreter || disability) && (
        <ul className="plain-list checkin-answer__needs" aria-label={t('needsLabel')}>
          {needs.interpreter && <li>{t('needsInterpreter')}</li>}
          {disability && (
            <li>
              {t('needsDisability', {
                disability: t(`registrations-admin:disability.${disability}`, { defaultValue: disability }),
              })}
              {needs.details && `: ${needs.details}`}
            </li>
          )}
        </ul>
      )}
      <p className="checkin-answer__source">{scan.pending ? t('decidedHere') : t('confirmed')}</p>
      {answer.result === 'checked_in' && (
        <button type="button" className="button checkin-answer__undo" onClick={onUndo}>
          {t('undoButton')}
        </button>
      )}
    </section>
  );
}
