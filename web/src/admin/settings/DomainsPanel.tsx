import { useTranslation } from 'react-i18next';
import { invalid, PartPanel } from './PartPanel';
import { useDraft } from './useDraft';
import { lines, useSavePart } from './useSettings';

type Domains = { main: string; mirrors: string[] };

/** DomainsPanel sets the main domain and the mirrors, one per line. */
export function DomainsPanel({ domains }: { domains: Domains }) {
  const { t } = useTranslation();
  const save = useSavePart<Domains>('domains');
  const [draft, setDraft, dirty] = useDraft(domains, (d) => ({ main: d.main, mirrors: d.mirrors.join('\n') }));
  return (
    <PartPanel id="domains" title={t('sections.settings.parts.domains')} hint={t('settings.domains.hint')} saving={save}
      onSave={() => save.mutate({ main: draft.main.trim(), mirrors: lines(draft.mirrors) })} dirty={dirty}>
      <label className="admin-field">
        <span>{t('settings.domains.main')}</span>
        <input className="input" value={draft.main} spellCheck={false} autoCapitalize="off" aria-invalid={invalid(save, 'main') || undefined}
          onChange={(e) => setDraft({ ...draft, main: e.target.value })} />
      </label>
      <label className="admin-field">
        <span>{t('settings.domains.mirrors')}</span>
        <textarea className="input" rows={4} value={draft.mirrors} spellCheck={false} autoCapitalize="off" aria-invalid={invalid(save, 'mirrors') || undefined}
          onChange={(e) => setDraft({ ...draft, mirrors: e.target.value })} />
      </label>
    </PartPanel>
  );
}
