import type { ReactNode } from 'react';

import { useTranslation } from '../lib/use-translation';
import './status-badge.css';

export type StatusTone = 'good' | 'warn' | 'quiet' | 'info' | 'bad';

/**
 * The statuses staff see, by what they qualify (the word agrees with it in some languages), with
 * their tone. Their words live in the `common` catalogue: `status.<kind>.<status>`.
 */
export const STATUS_TONES = {
  event: { Draft: 'quiet', Published: 'good', Completed: 'info', Cancelled: 'bad' },
  registration: { Pending: 'warn', Approved: 'good', Rejected: 'bad', Expired: 'quiet', Cancelled: 'bad' },
  member: { Pending: 'warn', Approved: 'good', Rejected: 'bad' },
  // A member's standing in their membership year (docs/members.md).
  standing: { Active: 'good', Expiring: 'warn', Grace: 'warn', Lapsed: 'bad' },
  waitlist: { waiting: 'quiet', offered: 'warn', claimed: 'good', expired: 'quiet', cancelled: 'bad' },
} as const satisfies Record<string, Record<string, StatusTone>>;

export type StatusKind = keyof typeof STATUS_TONES;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUS_TONES)[K] & string;

type Props = { small?: boolean } & (
  | { [K in StatusKind]: { kind: K; status: StatusOf<K>; free?: boolean; tone?: never; children?: never } }[StatusKind]
  | { tone: StatusTone; children: ReactNode; kind?: never; status?: never; free?: never }
);

/**
 * A status as a word on a tinted background: the word is always there, so colour is never the
 * only cue. Either a known status (`kind` and `status`: its word and tone) or any word with a tone.
 * `free`: an approved registration no payment stands behind ("Approved (free)").
 */
export function StatusBadge(props: Props) {
  const { t } = useTranslation('common');
  let tone: StatusTone;
  let word: ReactNode;
  if (props.kind === undefined) {
    tone = props.tone;
    word = props.children;
  } else {
    const tones: Record<string, StatusTone> = STATUS_TONES[props.kind];
    tone = tones[props.status] ?? 'quiet';
    const free = props.kind === 'registration' && props.free && props.status === 'Approved';
    word = t(free ? 'status.registration.ApprovedFree' : `status.${props.kind}.${props.status}`);
  }
  return <span className={`status-badge status-badge--${tone}${props.small ? ' status-badge--small' : ''}`}>{word}</span>;
}
