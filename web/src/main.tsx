import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { takeTokenFromURL } from './lib/session';
import { applyTheme, currentTheme } from './lib/theme';
import './styles/base.css';
import './styles/frame.css';
import './styles/lobby.css';

applyTheme(currentTheme());
takeTokenFromURL();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
