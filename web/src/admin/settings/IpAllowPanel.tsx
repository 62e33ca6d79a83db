import { useTranslation } from 'react-i18next';
import { PartPanel } from './PartPanel';
import { useDraft } from './useDraft';
import { lines, useSaveIpAllow } from './useSettings';

/** IpAllowPanel is the back office's own IP allow-list (empty: any
 * address); an operator outside it is refused every call. */
export function IpAllowPanel({ cidrs }: { cidrs: string[] }) {
  const { t } = useTranslation();
  const save = useSaveIpAllow();
  const [draft, setDraft, dirty] = useDraft(cidrs, (c) => c.join('\n'));
  return (
    <PartPanel id="ipAllow" title={t('sections.settings.parts.ipAllow')} hint={t('settings.ipAllow.hint')} saving={save}
      onSave={() => save.mutate(lines(draft))} dirty={dirty}>
      <label className="admin-field">
        <span>{t('settings.ipAllow.cidrs')}</span>
        <textarea className="input" rows={3} value={draft} spellCheck={false} aria-invalid={save.isError || undefined}
          onChange={(e) => setDraft(e.target.value)} />
      </label>
    </PartPanel>
  );
}
