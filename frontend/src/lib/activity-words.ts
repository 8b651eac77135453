import { formatDate, formatTime } from './format-date';
import type { TFunction } from './i18n';
import type { ActivityActor, ActivityEntry } from './activity-api';

/**
 * The audit trail in plain words, for the Activity page and every record's History: the action
 * ("Approved"), the kind of object ("Registration"), who ("Grace", "a visitor"), when (in the
 * association's time zone) and the values that changed ("Location: Kigali → Huye"), each from a
 * translatable template of the `activity` part of the `dashboard` catalogue (loaded with the
 * admin area's frame). `t` is the `dashboard` namespace's.
 */

/** The association's clock: every time the trail shows is read in Rwanda's time zone. */
export const ASSOCIATION_TIME_ZONE = 'Africa/Kigali';

/** The fields whose change is the status (services/audit/recording.py STATUS_FIELDS). */
const STATUS_FIELDS = ['status', 'registration_status', 'approval_status'] as const;

/** The kind of record whose statuses the `common` catalogue words (`status.<kind>.<status>`). */
const STATUS_KINDS: Record<string, string> = {
  event: 'event',
  registration: 'registration',
  member: 'member',
  waitlist_entry: 'waitlist',
};

/** A decision recorded as a plain status change names the decision ("Approved") all the same. */
const DECISIONS: Record<string, Record<string, string>> = {
  registration: { Approved: 'approved', Rejected: 'rejected', Cancelled: 'cancelled', Expired: 'expired' },
  member: { Approved: 'approved', Rejected: 'rejected' },
  event: { Published: 'published', Cancelled: 'cancelled', Completed: 'completed' },
};

/** Values no reader needs: ids (who decided is the entry's actor; the record is named beside it). */
const HIDDEN_FIELD = /^(id|event|event_id|.*_by|.*_by_id|.*_hash)$/;
/** Nor, in a sentence, the times (the entry's own time says when). */
const QUIET_FIELD = /^(id|event|event_id|.*_at|.*_by|.*_by_id|.*_hash)$/;
/** An instant as the trail writes a changed value: '2026-11-28 19:36:11.675279' (UTC), or ISO. */
const INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The instant of such a value in the form every browser reads; none for another text. */
function instantOf(value: string): string | null {
  const match = INSTANT.exec(value);
  if (!match) return null;
  return `${match[1]}T${match[2]}${match[3] ?? 'Z'}`;
}
/** The most values a sentence names. */
const DETAILS_MAX = 4;

type Change = { before?: unknown; after?: unknown };

const humanize = (text: string) => {
  const words = text.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function statusChange(entry: Pick<ActivityEntry, 'changes'>): { field: string; after: unknown } | null {
  for (const field of STATUS_FIELDS) {
    const change = entry.changes[field] as Change | undefined;
    if (change && 'after' in change) return { field, after: change.after };
  }
  return null;
}

/**
 * The action as the words name it: `<type>.status_changed` to a decision reads as that decision
 * (`registration.approved`), whichever name the server recorded it under.
 */
export function actionOf(entry: Pick<ActivityEntry, 'action' | 'object_type' | 'changes'>): string {
  const [type = entry.object_type, verb = ''] = entry.action.split('.');
  if (verb !== 'status_changed' && verb !== 'updated') return entry.action;
  const status = statusChange(entry);
  const decision = status && typeof status.after === 'string' ? DECISIONS[type]?.[status.after] : undefined;
  return decision ? `${type}.${decision}` : entry.action;
}

/** "Approved", "Registered", "Signed in": the action's own words, else its verb's, else its name. */
export function actionName(action: string, t: TFunction): string {
  const verb = action.split('.').slice(1).join('_');
  return t(`activity.actions.${action}`, { defaultValue: t(`activity.verbs.${verb}`, { defaultValue: humanize(verb || action) }) });
}

/** "Registration", "Event", "Waiting list place". */
export function objectTypeName(type: string, t: TFunction): string {
  return t(`activity.objectTypes.${type}`, { defaultValue: humanize(type) });
}

/** A choice of the action filter: "Registration: Approved". */
export function actionOption(action: string, t: TFunction): string {
  const [type = ''] = action.split('.');
  return t('activity.actionOption', { type: objectTypeName(type, t), action: actionName(action, t) });
}

/** Who, as a list shows it: the staff member's name, else "Visitor", "Background task", "Schedule", "System". */
export function actorLabel(actor: ActivityActor, t: TFunction): string {
  if (typeof actor === 'string') return t(`activity.actors.${actor}`, { defaultValue: humanize(actor) });
  return actor.name || actor.username || t('activity.actors.deleted');
}

/** Who, inside a sentence: "Grace", "a visitor", "the system". */
export function actorInSentence(actor: ActivityActor, t: TFunction): string {
  if (typeof actor === 'string') return t(`activity.actorsInSentence.${actor}`, { defaultValue: actor });
  return actor.name || actor.username || t('activity.actorsInSentence.deleted');
}

/** The wall clock in Rwanda at an instant, as the other lists write a date and a time. */
export function whenParts(at: string): { date: string; time: string } {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return { date: '', time: '' };
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ASSOCIATION_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const day = new Date(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  return { date: formatDate(day), time: formatTime(`${parts.hour}:${parts.minute}`) };
}

/** A field's name: "Location", "Transaction ID". */
export function fieldName(field: string, t: TFunction): string {
  return t(`activity.fields.${field}`, { defaultValue: humanize(field) });
}

/** One value as people read it: statuses in words, yes/no, "nothing" for an empty one. */
export function valueText(field: string, value: unknown, t: TFunction, objectType = ''): string {
  if (value === null || value === undefined || value === '') return t('activity.values.empty');
  if (typeof value === 'boolean') return t(value ? 'activity.values.yes' : 'activity.values.no');
  if ((STATUS_FIELDS as readonly string[]).includes(field) && typeof value === 'string') {
    const kind = STATUS_KINDS[objectType];
    return kind ? t(`common:status.${kind}.${value}`, { defaultValue: value }) : value;
  }
  if (Array.isArray(value)) return value.map((item) => valueText(field, item, t, objectType)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  const instant = typeof value === 'string' ? instantOf(value) : null;
  if (instant) {
    const { date, time } = whenParts(instant);
    if (date) return t('activity.dateTime', { date, time });
  }
  return String(value);
}

/** "Location: Kigali → Huye" (or "Location: Huye" when there was nothing before), one per field. */
export function changeLines(entry: Pick<ActivityEntry, 'changes' | 'object_type'>, t: TFunction): string[] {
  return Object.entries(entry.changes)
    .filter(([field]) => !HIDDEN_FIELD.test(field))
    .map(([field, raw]) => {
    const { before, after } = raw as Change;
    const name = fieldName(field, t);
    const afterText = valueText(field, after, t, entry.object_type);
    if (before === null || before === undefined || before === '') return t('activity.changeNew', { field: name, after: afterText });
    return t('activity.change', { field: name, before: valueText(field, before, t, entry.object_type), after: afterText });
  });
}

/**
 * The values a sentence names: not times and ids, nor the status where the action says it (a
 * decision, a status change) or adds nothing (a new record's first status); an edit's, yes.
 */
function details(entry: ActivityEntry, action: string, t: TFunction): string[] {
  const statusSaid = !action.endsWith('.updated');
  return Object.entries(entry.changes)
    .filter(([field, raw]) => {
      if (QUIET_FIELD.test(field)) return false;
      if (statusSaid && (STATUS_FIELDS as readonly string[]).includes(field)) return false;
      const { after } = raw as Change;
      return after !== null && after !== undefined && after !== '';
    })
    .slice(0, DETAILS_MAX)
    .map(([field, raw]) => {
      const { before, after } = raw as Change;
      const value = valueText(field, after, t, entry.object_type);
      const had = before !== null && before !== undefined && before !== '';
      return had
        ? t('activity.detailChanged', { field: fieldName(field, t), before: valueText(field, before, t, entry.object_type), after: value })
        : t('activity.detail', { field: fieldName(field, t), value });
    });
}

/**
 * An entry as one sentence: "Approved by Grace on Mar 3, 2026 at 2:02 PM: Transaction ID
 * MM-4431, Payment method Mobile Money". A status change names the new status.
 */
export function entrySentence(entry: ActivityEntry, t: TFunction): string {
  const action = actionOf(entry);
  const { date, time } = whenParts(entry.at);
  let what = actionName(action, t);
  if (action.endsWith('.status_changed')) {
    const status = statusChange(entry);
    if (status) what = t('activity.statusChangedTo', { status: valueText(status.field, status.after, t, entry.object_type) });
  }
  const sentence = t('activity.sentence', { action: what, who: actorInSentence(entry.actor, t), date, time });
  const named = details(entry, action, t);
  return named.length > 0 ? t('activity.sentenceWithDetails', { sentence, details: named.join(', ') }) : sentence;
}

/** The dashboard page of the entry's record, when it has one. */
export function recordPath(entry: Pick<ActivityEntry, 'object_type' | 'object_id'>): string | null {
  if (entry.object_id === null) return null;
  if (entry.object_type === 'event') return `/dashboard/edit-event/${entry.object_id}`;
  return null;
}
