import { useTranslation } from 'react-i18next';
import { invalid, PartPanel } from './PartPanel';
import { useDraft } from './useDraft';
import { useSavePart } from './useSettings';

type Display = { symbol: string; decimals: number };

/** CurrencyPanel sets the currency symbol; the decimals are the currency's
 * own (every amount is stored in its minor units) and only shown. */
export function CurrencyPanel({ currency, display }: { currency: string; display: Display }) {
  const { t } = useTranslation();
  const save = useSavePart<Display>('currency');
  const [draft, setDraft, dirty] = useDraft(display, (d) => d);
  return (
    <PartPanel id="currency" title={t('sections.settings.parts.currency')} hint={t('settings.currency.hint', { currency })} saving={save}
      onSave={() => save.mutate(draft)} dirty={dirty}>
      <div className="admin-filters">
        <label className="admin-field">
          <span>{t('settings.currency.symbol')}</span>
          <input className="input" value={draft.symbol} maxLength={5} aria-invalid={invalid(save, 'symbol') || undefined}
            onChange={(e) => setDraft({ ...draft, symbol: e.target.value })} />
        </label>
        <label className="admin-field">
          <span>{t('settings.currency.decimals')}</span>
          <input className="input" value={draft.decimals} readOnly aria-readonly="true" />
        </label>
      </div>
    </PartPanel>
  );
}
