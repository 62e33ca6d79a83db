import { useTranslation } from 'react-i18next';
import { invalid, PartPanel } from './PartPanel';
import type { Channel } from './types';
import { useDraft } from './useDraft';
import { useSavePart } from './useSettings';

/** CustomerServicePanel lists the customer-service channels: kind, name
 * and address (https; mailto: for e-mail), added and removed in place. */
export function CustomerServicePanel({ channels, kinds }: { channels: Channel[]; kinds: string[] }) {
  const { t } = useTranslation();
  const save = useSavePart<{ channels: Channel[] }>('customer-service');
  const [draft, setDraft, dirty] = useDraft(channels, (c) => c);
  const set = (i: number, patch: Partial<Channel>) => setDraft(draft.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <PartPanel id="customerService" title={t('sections.settings.parts.customerService')} hint={t('settings.customerService.hint')} saving={save}
      onSave={() => save.mutate({ channels: draft })} dirty={dirty}>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table-small">
          <thead>
            <tr>
              <th scope="col">{t('settings.customerService.kind')}</th>
              <th scope="col">{t('settings.customerService.name')}</th>
              <th scope="col">{t('settings.customerService.address')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('settings.customerService.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.map((c, i) => (
              <tr key={i}>
                <td>
                  <select className="input admin-select" aria-label={t('settings.customerService.kindOf', { n: i + 1 })} value={c.csType}
                    aria-invalid={invalid(save, `channels.${i}.csType`) || undefined} onChange={(e) => set(i, { csType: e.target.value })}>
                    {kinds.map((k) => (
                      <option key={k} value={k}>
                        {k}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input className="input" aria-label={t('settings.customerService.nameOf', { n: i + 1 })} value={c.name} maxLength={50}
                    aria-invalid={invalid(save, `channels.${i}.name`) || undefined} onChange={(e) => set(i, { name: e.target.value })} />
                </td>
                <td>
                  <input className="input" type="url" aria-label={t('settings.customerService.addressOf', { n: i + 1 })} value={c.path} spellCheck={false}
                    aria-invalid={invalid(save, `channels.${i}.path`) || undefined} onChange={(e) => set(i, { path: e.target.value })} />
                </td>
                <td>
                  <button type="button" className="button button-small" onClick={() => setDraft(draft.filter((_, j) => j !== i))}>
                    {t('settings.customerService.remove', { n: i + 1 })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="admin-actions">
        <button type="button" className="button button-small" onClick={() => setDraft([...draft, { csType: kinds[0] ?? 'LIVECHAT', name: '', path: 'https://' }])}>
          {t('settings.customerService.add')}
        </button>
      </div>
    </PartPanel>
  );
}
