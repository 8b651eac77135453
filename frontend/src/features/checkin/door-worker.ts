/**
 * The check-in screen's service worker (docs/architecture.md, "The door's service worker"):
 * registered only from this screen, for /dashboard/checkin/ only, so the public site is never
 * under it. Made at build time by vite-plugin-pwa (vite.config.ts); absent in development.
 */
export function registerDoorWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/dashboard/checkin/' }).catch(() => {
    // No worker (a private window, an old browser): the screen works, but not after a reload offline.
  });
}

/** The door's web app manifest (vite.config.ts writes it; no page's HTML names it). */
export const DOOR_MANIFEST_URL = '/door.webmanifest';

/**
 * Names the door's manifest while the screen shows, so that a phone can add it to its home
 * screen as an app of its own ("Door check-in", opening /dashboard/checkin/); taken away again
 * when the screen goes, so that no other page offers it. Returns the clean-up.
 */
export function linkDoorManifest(): () => void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = DOOR_MANIFEST_URL;
  document.head.append(link);
  return () => link.remove();
}
