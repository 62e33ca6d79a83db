import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyTheme, currentTheme, type Theme } from '../../lib/theme';

export function ThemeSwitch() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(currentTheme());
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button theme-switch"
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
      aria-label={t('theme.switchTo', { theme: t(`theme.${next}`) })}
      title={t('theme.switchTo', { theme: t(`theme.${next}`) })}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}
