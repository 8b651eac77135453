import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';

import { prefetchRoute } from './app/route-prefetch';
import { AppRouter, routes } from './app/router';
import { makeStore } from './app/store';
import { ready } from './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const store = makeStore();
// The first page's code, texts and data are asked for now, in parallel, not one after the other.
const firstPage = prefetchRoute(store, routes, window.location);

// The first render in the visitor's language: its `common` is on its way since index.html asked
// for it (or came in the HTML). A catalogue that cannot be fetched does not hold the page (keys
// show instead). It waits for the first page's code and texts too: rendering the frame around a
// loading page and then again with the page cost a phone's slow CPU a second pass before the
// page's content showed. Not a top-level await: with one, rolldown splits the entry's modules
// into a dozen tiny chunks.
void Promise.all([ready, firstPage]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <AppRouter />
      </Provider>
    </StrictMode>,
  ),
);
