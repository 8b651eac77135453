import type { User } from '../../lib/session/user';

/** The name to show: the full name, else the username. */
export function displayName(user: User): string {
  return user.name?.trim() || user.username;
}

/** Up to two initials of the name ('Portal Admin' → 'PA'), else the username's first letter. */
export function initials(user: User): string {
  const words = (user.name ?? '').trim().split(/\s+/).filter(Boolean);
  const picks = words.length === 0 ? [user.username] : words.length === 1 ? words : [words[0], words.at(-1)];
  return picks
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}
