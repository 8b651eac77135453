import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';

import { AppRouter } from './app/router';
import { makeStore } from './app/store';
import './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <Provider store={makeStore()}>
      <AppRouter />
    </Provider>
  </StrictMode>,
);
