import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import i18n, { loadNamespaces, NAMESPACES } from '../lib/i18n';
import { server } from './server';

// The first visit to a route in a test file loads its lazy chunks, which Vite compiles on the fly:
// on a busy two-core machine the admin chain (guard, frame, page) took 1.07 s, past the 1 s that
// findBy/waitFor wait by default, and `make test` runs Vitest beside pytest and the browser
// journeys, where its files take 3 to 4 times as long as alone. Every wait still names the exact
// element it needs; this is only the patience, kept under the test timeout (vite.config.ts) so
// that a miss reports what was awaited.
configure({ asyncUtilTimeout: 8000 });

// jsdom has no layout, so no scrolling; ScrollRestoration calls it on navigation.
window.scrollTo = () => {};

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await i18n.changeLanguage('en');
  // Pages fetch their texts as they load; components rendered on their own find them all here.
  await loadNamespaces(NAMESPACES);
});

// Nothing one test leaves behind may decide how the next one goes, whatever order they run in.
afterEach(async () => {
  cleanup();
  // A test that forgot to restore them would leave fake timers to every test after it.
  vi.useRealTimers();
  server.resetHandlers();
  // English again (a language change is remembered in storage, cleared next).
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Pages set it in an effect: a test waiting for a title must not find the previous page's.
  document.title = '';
});

afterAll(() => server.close());
