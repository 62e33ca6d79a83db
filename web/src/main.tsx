import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ruleFor } from './app/layout';
import { prefetchCatalogue } from './lib/i18n';
import { toPortalCode } from './lib/language';
import { keys } from './lib/storage';
import { takeTokenFromURL } from './lib/session';
import { applyTheme, currentTheme } from './lib/theme';
import './styles/base.css';
import './styles/frame.css';
import './styles/lobby.css';

applyTheme(currentTheme());
// A game frame's token is the game session's: adopting it as the member's
// would replace the session of the page around the frame (they share
// session storage).
if (!ruleFor(window.location.pathname).gameFrame) takeTokenFromURL();
prefetchCatalogue(localStorage.getItem(keys.lang) ?? (toPortalCode(navigator.language) || 'KM'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
