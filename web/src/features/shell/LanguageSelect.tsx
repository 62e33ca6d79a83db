import { useTranslation } from 'react-i18next';
import { usePermission } from '../../data/permission';
import { changeLanguage } from '../../lib/i18n';
import { bcp47 } from '../../lib/language';

// LanguageSelect lists the merchant's supported languages (decision on
// B-102) by their own names.
export function LanguageSelect({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const p = usePermission();
  return (
    <label className="language-select" htmlFor={id}>
      <span className="visually-hidden">{t('language.label')}</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" />
      </svg>
      <select id={id} value={i18n.language} onChange={(e) => void changeLanguage(e.target.value)}>
        {p.merchant.languages.map((l) => (
          <option key={l.code} value={l.code} lang={bcp47(l.code)}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
