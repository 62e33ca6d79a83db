import { useTranslation } from 'react-i18next';
import { invalid, PartPanel } from './PartPanel';
import type { FieldRule, Pattern } from './types';
import { useDraft } from './useDraft';
import { useSavePart } from './useSettings';

const inputTypes = ['text', 'password', 'email', 'tel', 'date'];

/** RegisterRulesPanel is the register fields' rules as a table: whether a
 * field shows, whether it is required, its pattern from the catalogue, its
 * lengths and input type. Only the rows changed are sent. */
export function RegisterRulesPanel({ rules, fields, patterns }: { rules: Record<string, FieldRule>; fields: string[]; patterns: Pattern[] }) {
  const { t } = useTranslation();
  const save = useSavePart<{ rules: Record<string, FieldRule> }>('register-rules');
  const [draft, setDraft, dirty] = useDraft(rules, (r) => r);
  const set = (field: string, patch: Partial<FieldRule>) => setDraft({ ...draft, [field]: { ...draft[field], ...patch } });
  const onSave = () => {
    const changed: Record<string, FieldRule> = {};
    for (const f of fields) if (draft[f] && JSON.stringify(draft[f]) !== JSON.stringify(rules[f])) changed[f] = draft[f];
    save.mutate({ rules: changed });
  };
  const num = (v: string) => (v === '' ? 0 : Math.trunc(Number(v)));

  return (
    <PartPanel id="register" title={t('sections.settings.parts.register')} hint={t('settings.register.hint')} saving={save} onSave={onSave} dirty={dirty}>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table-small">
          <thead>
            <tr>
              <th scope="col">{t('settings.register.field')}</th>
              <th scope="col">{t('settings.register.enabled')}</th>
              <th scope="col">{t('settings.register.required')}</th>
              <th scope="col">{t('settings.register.pattern')}</th>
              <th scope="col">{t('settings.register.min')}</th>
              <th scope="col">{t('settings.register.max')}</th>
              <th scope="col">{t('settings.register.type')}</th>
            </tr>
          </thead>
          <tbody>
            {fields
              .filter((f) => draft[f])
              .map((f) => {
                const r = draft[f];
                const bad = (k: string) => invalid(save, `rules.${f}.${k}`) || undefined;
                return (
                  <tr key={f} data-testid={`rule-${f}`}>
                    <th scope="row">
                      <code>{f}</code>
                    </th>
                    <td>
                      <input type="checkbox" aria-label={t('settings.register.enabledOf', { field: f })} checked={r.enabled}
                        aria-invalid={bad('enabled')} onChange={(e) => set(f, { enabled: e.target.checked, required: e.target.checked && r.required })} />
                    </td>
                    <td>
                      <input type="checkbox" aria-label={t('settings.register.requiredOf', { field: f })} checked={r.required} disabled={!r.enabled}
                        aria-invalid={bad('required')} onChange={(e) => set(f, { required: e.target.checked })} />
                    </td>
                    <td>
                      <select className="input admin-select" aria-label={t('settings.register.patternOf', { field: f })} value={r.patternId}
                        aria-invalid={bad('patternId')} onChange={(e) => set(f, { patternId: Number(e.target.value) })}>
                        {patterns.map((p) => (
                          <option key={p.patternId} value={p.patternId}>
                            {t(`settings.patterns.p${p.patternId}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input className="input" type="number" min={0} max={255} style={{ width: '5em' }} aria-label={t('settings.register.minOf', { field: f })}
                        value={r.minLength} aria-invalid={bad('minLength')} onChange={(e) => set(f, { minLength: num(e.target.value) })} />
                    </td>
                    <td>
                      <input className="input" type="number" min={0} max={255} style={{ width: '5em' }} aria-label={t('settings.register.maxOf', { field: f })}
                        value={r.maxLength} aria-invalid={bad('maxLength')} onChange={(e) => set(f, { maxLength: num(e.target.value) })} />
                    </td>
                    <td>
                      <select className="input admin-select" aria-label={t('settings.register.typeOf', { field: f })} value={r.type}
                        aria-invalid={bad('type')} onChange={(e) => set(f, { type: e.target.value })}>
                        {inputTypes.map((x) => (
                          <option key={x} value={x}>
                            {t(`settings.register.types.${x}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
    </PartPanel>
  );
}
