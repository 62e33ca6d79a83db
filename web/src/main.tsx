import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchCatalogue } from './lib/i18n';
import { toPortalCode } from './lib/language';
import { keys } from './lib/storage';
import { takeTokenFromURL } from './lib/session';
import { applyTheme, currentTheme } from './lib/theme';
import './styles/base.css';
import './styles/frame.css';
import './styles/lobby.css';

applyTheme(currentTheme());
takeTokenFromURL();
prefetchCatalogue(localStorage.getItem(keys.lang) ?? (toPortalCode(navigator.language) || 'KM'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
