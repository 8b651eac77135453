/** A network a visitor can share a page to, with plain links (no SDK, no tracking script). */
export type ShareTarget = 'facebook' | 'x' | 'whatsapp' | 'linkedin' | 'email';

export const SHARE_TARGETS: readonly ShareTarget[] = ['facebook', 'x', 'whatsapp', 'linkedin', 'email'];

/** The address that shares `url` (titled `title`) on each network. */
export function shareLinks(url: string, title: string): Record<ShareTarget, string> {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://x.com/intent/post?url=${u}&text=${t}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    email: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n${url}`)}`,
  };
}
