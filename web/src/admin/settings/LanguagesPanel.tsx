import { useTranslation } from 'react-i18next';
import { invalid, PartPanel } from './PartPanel';
import type { Language } from './types';
import { useDraft } from './useDraft';
import { useSavePart } from './useSettings';

type Langs = { supported: string[]; default: string };

/** LanguagesPanel picks the languages the site offers, in the portal's
 * order, and the default among them. */
export function LanguagesPanel({ languages, all }: { languages: Langs; all: Language[] }) {
  const { t } = useTranslation();
  const save = useSavePart<Langs>('languages');
  const [draft, setDraft, dirty] = useDraft(languages, (l) => l);
  const toggle = (code: string, on: boolean) => {
    const supported = on ? all.map((l) => l.code).filter((c) => c === code || draft.supported.includes(c)) : draft.supported.filter((c) => c !== code);
    setDraft({ ...draft, supported });
  };
  return (
    <PartPanel id="languages" title={t('sections.settings.parts.languages')} hint={t('settings.languages.hint')} saving={save}
      onSave={() => save.mutate(draft)} dirty={dirty}>
      <fieldset className="admin-checks" aria-invalid={invalid(save, 'supported') || undefined}>
        <legend>{t('settings.languages.supported')}</legend>
        {all.map((l) => (
          <label key={l.code} className="admin-inline">
            <input type="checkbox" checked={draft.supported.includes(l.code)} onChange={(e) => toggle(l.code, e.target.checked)} />
            <span lang={l.code.toLowerCase()} dir={l.rtl ? 'rtl' : undefined}>{l.name}</span>
            <span className="admin-chip">{l.code}</span>
          </label>
        ))}
      </fieldset>
      <label className="admin-field">
        <span>{t('settings.languages.default')}</span>
        <select className="input admin-select" value={draft.default} aria-invalid={invalid(save, 'default') || undefined}
          onChange={(e) => setDraft({ ...draft, default: e.target.value })}>
          {all
            .filter((l) => draft.supported.includes(l.code) || l.code === draft.default)
            .map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code})
              </option>
            ))}
        </select>
      </label>
    </PartPanel>
  );
}
