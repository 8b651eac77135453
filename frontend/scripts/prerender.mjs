// After `vite build`: the public pages' markup (English, before any data) written to
// dist/prerendered/<name>.html, which services/core/preload.py puts inside index.html's #root for
// the route asked for. Builds src/prerender.tsx for Node with the app's own Vite config (so picture
// addresses are the hashed ones of dist/), then renders it under jsdom, which the app's modules
// expect (i18n reads the window at import). Usage: node scripts/prerender.mjs
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { JSDOM } from 'jsdom';
import { build } from 'vite';

import { compileCatalogue } from './catalogue-compile.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'node_modules', '.prerender');
// name -> route rendered; the names are services/core/preload.py's ROUTES.
const PAGES = {
  home: '/',
  about: '/about',
  contact: '/contact',
  membership: '/membership',
  events: '/events',
  'event-detail': '/event/1',
  registration: '/registration?eventId=1',
};

await build({
  root,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, manifest: false, copyPublicDir: false },
});

// Every English catalogue inline, compiled, as the server's HTML carries the page's ones (lib/i18n.ts reads them).
const locales = join(root, 'src', 'locales', 'en');
const texts = Object.fromEntries(
  readdirSync(locales)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.slice(0, -5), compileCatalogue(JSON.parse(readFileSync(join(locales, file), 'utf8')))]),
);
const dom = new JSDOM(
  `<!doctype html><html lang="en"><body><script type="application/json" id="catalogues-en">${JSON.stringify(texts).replace(/</g, '\\u003C')}</script></body></html>`,
  { url: 'http://localhost/', pretendToBeVisual: true },
);
for (const name of ['window', 'document', 'navigator', 'localStorage', 'location', 'HTMLElement', 'Node', 'matchMedia']) {
  if (name in dom.window) Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });
}
Object.defineProperty(globalThis.navigator, 'languages', { value: ['en'], configurable: true });
// No API at build time: a request never answers, so a page with data shows its loading state
// (as the app does while the data is on its way), never an error.
globalThis.fetch = () => new Promise(() => {});

const entry = readdirSync(out).find((file) => /^prerender\.m?js$/.test(file));
const { render } = await import(pathToFileURL(join(out, entry)).href);
const target = join(root, 'dist', 'prerendered');
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
for (const [name, path] of Object.entries(PAGES)) {
  // A form is not usable before the script runs: inert until the app has taken it over
  // (main.tsx). The preloads React puts first are the server's to give, in <head> (preload.py).
  const html = (await render(path)).replace(/^(<link [^>]*>)+/, '').replace(/<form /g, '<form inert="" ');
  writeFileSync(join(target, `${name}.html`), html);
  console.log(`prerendered ${path} -> dist/prerendered/${name}.html (${html.length} chars)`);
}
process.exit(0);
