import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';

import { prefetchRoute } from './app/route-prefetch';
import { AppRouter, routes } from './app/router';
import { makeStore } from './app/store';
import './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const store = makeStore();
// The first page's code, texts and data are asked for now, in parallel, not one after the other.
void prefetchRoute(store, routes, window.location);

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <AppRouter />
    </Provider>
  </StrictMode>,
);
