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
