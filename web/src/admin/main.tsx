import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './AdminApp';
import { applyAdminLanguage, storedAdminLanguage } from './lib/i18n';
import { applyAdminTheme, currentAdminTheme } from './lib/theme';
import './styles/admin.css';

applyAdminTheme(currentAdminTheme());

// The catalogue is in place before the first screen, so nothing flashes
// in English for an operator who chose Khmer.
void applyAdminLanguage(storedAdminLanguage()).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AdminApp />
    </StrictMode>,
  );
});
