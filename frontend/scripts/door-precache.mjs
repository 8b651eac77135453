// What the door's service worker precaches (docs/architecture.md, "The door's service worker"):
// only the files the check-in screen needs to start again with no network: index.html, the app's
// entry with everything it imports, the admin area's route table and guard, the check-in page
// with its imports and its camera reader (loaded only when the camera starts, but needed offline
// on phones without BarcodeDetector), and the texts it shows. Nothing of the public pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DOOR_MODULES = [
  'index.html',
  'src/app/dashboard-routes.tsx',
  'src/app/require-admin.tsx',
  'src/features/checkin/pages/checkin-page.tsx',
];
/** The camera's reader: a dynamic import of the page, kept for offline use all the same. */
const DOOR_DYNAMIC = [/src\/features\/checkin\//, /node_modules\/@zxing\//];
export const DOOR_NAMESPACES = ['common', 'dashboard', 'checkin', 'registrations-admin'];

/** The files (paths under dist/) of the door's modules, their static imports and their styles. */
export function doorFiles(manifest) {
  const files = new Set(['index.html']);
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const dynamic of chunk.dynamicImports ?? []) {
      if (DOOR_DYNAMIC.some((pattern) => pattern.test(dynamic))) visit(dynamic);
    }
  };
  DOOR_MODULES.forEach(visit);
  return files;
}

/** Workbox's manifestTransform: the precache list cut down to the door's files. */
export function doorPrecache(dist) {
  return async (entries) => {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
    const wanted = doorFiles(manifest);
    const texts = new RegExp(`^assets/locales-[0-9a-f]+/[a-z]+/(${DOOR_NAMESPACES.join('|')})\\.json$`);
    const manifestEntries = entries.filter((entry) => {
      const path = entry.url.replace(/^\//, '');
      return wanted.has(path) || texts.test(path);
    });
    return { manifest: manifestEntries, warnings: [] };
  };
}
