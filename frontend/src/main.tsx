import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';

import { AppRouter } from './app/router';
import { makeStore } from './app/store';
import i18n from './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Provider store={makeStore()}>
        <AppRouter />
      </Provider>
    </I18nextProvider>
  </StrictMode>,
);
