/**
 * Up to two initials of a person's name for an avatar: first and last word, titles such as
 * 'Dr.' left out ('Dr. Aline Uwase' → 'AU', 'Claudine' → 'C').
 */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const names = words.filter((word) => !word.endsWith('.'));
  const pool = names.length > 0 ? names : words;
  const picks = pool.length > 1 ? [pool[0], pool.at(-1)] : pool;
  return picks
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}
