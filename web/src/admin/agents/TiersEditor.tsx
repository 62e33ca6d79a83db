import { useTranslation } from 'react-i18next';
import { emptyTier, maxTiers, type TierDraft, type TierField, type TierProblem } from './tiers';

type Props = {
  rows: TierDraft[];
  dividend: boolean;
  currency: string;
  problems: TierProblem[];
  onChange: (rows: TierDraft[]) => void;
};

/** TiersEditor edits a contract's 1..10 tiers: the thresholds (team valid
 * bet, active members, and the team's loss for a dividend) and the rate in
 * percent. Each field says its own problem. */
export function TiersEditor({ rows, dividend, currency, problems, onChange }: Props) {
  const { t } = useTranslation();
  const fields: TierField[] = dividend ? ['validBet', 'activeMembers', 'loss', 'rate'] : ['validBet', 'activeMembers', 'rate'];
  const problemAt = (row: number, field: TierField) => problems.find((p) => p.row === row && p.field === field);
  const set = (row: number, field: TierField, value: string) => onChange(rows.map((r, i) => (i === row ? { ...r, [field]: value } : r)));
  const label = (field: TierField) => (field === 'validBet' || field === 'loss') && currency ? `${t(`agents.tiers.${field}`)} (${currency})` : t(`agents.tiers.${field}`);

  return (
    <fieldset className="ag-tiers-editor">
      <legend>{t('agents.tiers.legend', { max: maxTiers })}</legend>
      <table className="admin-table ag-table">
        <thead>
          <tr>
            <th scope="col">{t('agents.tiers.tier')}</th>
            {fields.map((f) => (
              <th key={f} scope="col">
                {label(f)}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('agents.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, row) => (
            <tr key={row} data-testid={`tier-row-${row}`}>
              <td>{row + 1}</td>
              {fields.map((f) => {
                const p = problemAt(row, f);
                const id = `tier-${row}-${f}-problem`;
                return (
                  <td key={f}>
                    <input
                      className="input ag-tier-input"
                      inputMode={f === 'activeMembers' ? 'numeric' : 'decimal'}
                      aria-label={t('agents.tiers.fieldOf', { field: label(f), n: row + 1 })}
                      value={r[f]}
                      onChange={(e) => set(row, f, e.target.value)}
                      aria-invalid={p ? true : undefined}
                      aria-describedby={p ? id : undefined}
                    />
                    {p && (
                      <span id={id} className="admin-error ag-field-problem">
                        {t(p.key)}
                      </span>
                    )}
                  </td>
                );
              })}
              <td>
                <button
                  type="button"
                  className="button button-small"
                  disabled={rows.length <= 1}
                  aria-label={t('agents.tiers.removeOf', { n: row + 1 })}
                  onClick={() => onChange(rows.filter((_, i) => i !== row))}
                >
                  −
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button button-small" disabled={rows.length >= maxTiers} onClick={() => onChange([...rows, rows.length ? { ...rows[rows.length - 1], rate: '' } : emptyTier])}>
        {t('agents.tiers.add')}
      </button>
      {problems
        .filter((p) => p.field === null)
        .map((p) => (
          <p key={p.key} className="admin-error" role="alert">
            {t(p.key, { max: maxTiers })}
          </p>
        ))}
    </fieldset>
  );
}
