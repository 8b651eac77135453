import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

import i18n from '../lib/i18n';
import { server } from './server';

// jsdom has no layout, so no scrolling; the router's ScrollRestoration calls it on navigation.
window.scrollTo = () => {};

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
});

afterAll(() => server.close());
