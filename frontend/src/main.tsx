import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';

import { firstPageShown } from './app/lazy-page';
import { prefetchRoute } from './app/route-prefetch';
import { AppRouter, routes } from './app/router';
import { makeStore } from './app/store';
import i18n, { ready } from './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The server's markup of the page (services/core/preload.py, rendered at build time by
// src/prerender.tsx in English, before any data) is what the first render gives when the visitor
// reads English: React then takes it over (hydration) rather than building the page again, and
// the data the HTML carries goes into the store right after, a second, small render.
const hydrate = root.hasAttribute('data-prerendered') && i18n.language === 'en';
const store = makeStore();
// The first page's code, texts and data are asked for now, in parallel, not one after the other.
const firstPage = prefetchRoute(store, routes, window.location, hydrate ? firstPageShown : undefined);

/**
 * Once React's first render is in the page (before it is painted): #root is shown in every
 * language, and the server's markup, if React took it over, has its forms usable.
 */
function Shown() {
  useLayoutEffect(() => {
    root?.removeAttribute('data-prerendered');
    root?.querySelectorAll('form[inert]').forEach((form) => form.removeAttribute('inert'));
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <Provider store={store}>
      <AppRouter />
    </Provider>
    <Shown />
  </StrictMode>
);

// Both in a transition: React works in slices of a few milliseconds, so a phone's slow CPU is
// never blocked for the whole render. Otherwise (another language), it renders anew over the
// markup, which was never shown. The first render waits for the visitor's `common` (on its way
// since index.html asked for it, or in the HTML) and for the first page's code and texts, so it
// is the page itself, in the visitor's language.
void Promise.all([ready, firstPage]).then(() =>
  startTransition(() => {
    if (hydrate) {
      // A difference (a signed-in visitor's menu, a new year in the footer) is not an error the
      // visitor could act on: React renders that part anew, which is all that is needed.
      hydrateRoot(root, app, { onRecoverableError: () => {} });
    } else {
      createRoot(root).render(app);
    }
  }),
);
