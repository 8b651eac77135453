import { nameInitials } from '../../../lib/initials';

// Background colours with white initials at AA contrast or better.
const COLOURS = ['#0b5563', '#1e5b8c', '#7a3b0c', '#1e6b3a', '#4b3a8c', '#8a2f6b', '#9b1c3a', '#083f4a'];

/** The same name always gets the same colour. */
function colourOf(name: string): string {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length] ?? '#0b5563';
}

/**
 * A portrait stand-in: the person's initials in a coloured circle, drawn here (no photos of
 * people we do not have). Decorative: the name is written next to it.
 */
export function InitialsAvatar({ name, size = 72 }: { name: string; size?: number }) {
  return (
    <svg className="initials-avatar" width={size} height={size} viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <circle cx="36" cy="36" r="36" fill={colourOf(name)} />
      <text x="36" y="36" dy="0.35em" fill="#fff" fontSize="26" fontWeight="700" textAnchor="middle">
        {nameInitials(name)}
      </text>
    </svg>
  );
}
