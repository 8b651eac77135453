import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

import i18n, { loadNamespaces, NAMESPACES } from '../lib/i18n';
import { server } from './server';

// jsdom has no layout, so no scrolling; ScrollRestoration calls it on navigation.
window.scrollTo = () => {};

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await i18n.changeLanguage('en');
  // Pages fetch their texts as they load; components rendered on their own find them all here.
  await loadNamespaces(NAMESPACES);
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
});

afterAll(() => server.close());
