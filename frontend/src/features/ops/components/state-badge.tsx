import type { ReactNode } from 'react';

export type Tone = 'good' | 'bad' | 'warn' | 'quiet';

/** A state as a word on a tinted background: the word is always there, colour is never the only cue. */
export function StateBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`state-badge state-badge--${tone}`}>{children}</span>;
}
