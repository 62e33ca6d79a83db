import { useTranslation } from 'react-i18next';
import { invalid, PartPanel } from './PartPanel';
import { useDraft } from './useDraft';
import { lines, useSavePart } from './useSettings';

type Region = { blockedCidrs: string[]; blockedCountries: string[] };

/** RegionPanel sets the blocked addresses (CIDRs) and countries; a client
 * they match sees the blocked-region page. Country rules need the GeoIP
 * database, which the panel says when it is missing. */
export function RegionPanel({ region, geoIp }: { region: Region; geoIp: boolean }) {
  const { t } = useTranslation();
  const save = useSavePart<Region>('region');
  const [draft, setDraft, dirty] = useDraft(region, (r) => ({ cidrs: r.blockedCidrs.join('\n'), countries: r.blockedCountries.join(', ') }));
  return (
    <PartPanel id="region" title={t('sections.settings.parts.region')} hint={t('settings.region.hint')} saving={save}
      onSave={() => save.mutate({ blockedCidrs: lines(draft.cidrs), blockedCountries: lines(draft.countries.replace(/\s+/g, ',')) })} dirty={dirty}>
      <label className="admin-field">
        <span>{t('settings.region.cidrs')}</span>
        <textarea className="input" rows={4} value={draft.cidrs} spellCheck={false} aria-invalid={invalid(save, 'blockedCidrs') || undefined}
          onChange={(e) => setDraft({ ...draft, cidrs: e.target.value })} />
      </label>
      <label className="admin-field">
        <span>{t('settings.region.countries')}</span>
        <input className="input" value={draft.countries} spellCheck={false} autoCapitalize="characters" aria-invalid={invalid(save, 'blockedCountries') || undefined}
          onChange={(e) => setDraft({ ...draft, countries: e.target.value })} />
      </label>
      {!geoIp && <p className="muted">{t('settings.region.noGeoIp')}</p>}
    </PartPanel>
  );
}
