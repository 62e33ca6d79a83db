import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { contractKinds, standingOf, useConsolidated, type ContractKind } from '../../data/consolidated';
import { useMoney } from '../../data/wallet';
import { parseMajor } from '../../lib/money';
import { useOfferContract, type ContractPeriod, type MemberRef } from './api';
import { agentErrorText } from './errors';
import { emptyTier, MAX_TIERS, periodsFor, validateTiers, type TierDraft, type TierProblem } from './tiers';
import '../../styles/data.css';

// offerableKinds are the kinds the agent may offer: it holds an active
// contract of that kind itself (Standing.canOffer) and the merchant runs it.
export function useOfferableKinds(): ContractKind[] {
  const c = useConsolidated().data;
  return contractKinds.filter((k) => {
    const s = standingOf(c, k);
    return !!s && s.enabled && s.canOffer;
  });
}

type Props = { member: MemberRef; kind?: ContractKind; onClose: () => void; onDone?: () => void };

// OfferDialog offers a contract to a direct downline: the kind, its period
// (a dividend's to choose), the active member's minimum bet and 1..10
// tiers. The rules the server enforces are checked first so the agent
// hears them at once; the server's own refusals (rate above the upline's,
// an offer pending...) show below the form.
export function OfferDialog({ member, kind: initialKind, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const money = useMoney();
  const consolidated = useConsolidated().data;
  const kinds = useOfferableKinds();
  const offer = useOfferContract();
  const [kind, setKind] = useState<ContractKind | undefined>(initialKind && kinds.includes(initialKind) ? initialKind : kinds[0]);
  const ownPeriod = kind ? standingOf(consolidated, kind)?.period : undefined;
  const [period, setPeriod] = useState<ContractPeriod | ''>('');
  const [minBet, setMinBet] = useState('');
  const [rows, setRows] = useState<TierDraft[]>([{ ...emptyTier }]);
  const [problems, setProblems] = useState<TierProblem[]>([]);
  const [minBetBad, setMinBetBad] = useState(false);
  const [done, setDone] = useState(false);

  const periods = kind ? periodsFor(kind) : [];
  // A dividend's period must be the agent's own (agent contract): it is
  // preselected when known.
  const chosen: ContractPeriod | undefined = periods.includes(period as ContractPeriod) ? (period as ContractPeriod) : periods.includes(ownPeriod as ContractPeriod) ? (ownPeriod as ContractPeriod) : periods[0];
  const parse = (s: string) => parseMajor(s, money.decimals);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!kind || !chosen) return;
    const v = validateTiers(rows, kind, parse);
    const activeMinBet = parse(minBet || '0');
    setProblems(v.problems);
    setMinBetBad(activeMinBet === null);
    if (v.problems.length > 0 || activeMinBet === null) return;
    try {
      await offer.mutateAsync({ memberId: member.id, kind, period: chosen, tiers: v.tiers, activeMinBet });
      setDone(true);
      onDone?.();
    } catch {
      // Shown from offer.error.
    }
  }

  const problemAt = (row: number, field: string) => problems.find((p) => p.row === row && p.field === field);
  const setRow = (i: number, field: keyof TierDraft, value: string) => setRows(rows.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  const fields: (keyof TierDraft)[] = kind === 'dividend' ? ['validBet', 'activeMembers', 'loss', 'rate'] : ['validBet', 'activeMembers', 'rate'];

  return (
    <Dialog title={t('agent.offer.title', { username: member.username })} onClose={onClose} className="agent-offer-dialog">
      {done ? (
        <div role="status">
          <p>{t('agent.offer.done', { username: member.username })}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={onClose}>
              {t('common.confirm')}
            </button>
          </div>
        </div>
      ) : kinds.length === 0 || !kind ? (
        <p role="status">{t('agent.offer.none')}</p>
      ) : (
        <form className="agent-form" noValidate onSubmit={(e) => void submit(e)}>
          <div className="agent-fields">
            <div className="field">
              <label htmlFor={`${id}-kind`}>{t('agent.contract.kind')}</label>
              <select id={`${id}-kind`} className="input" value={kind} onChange={(e) => setKind(e.target.value as ContractKind)}>
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {t(`agent.kind.${k}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-period`}>{t('agent.contract.period')}</label>
              <select id={`${id}-period`} className="input" value={chosen} disabled={periods.length < 2} onChange={(e) => setPeriod(e.target.value as ContractPeriod)}>
                {periods.map((p) => (
                  <option key={p} value={p}>
                    {t(`agent.period.${p}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-minbet`}>{t('agent.contract.activeMinBet')}</label>
              <input id={`${id}-minbet`} className="input" inputMode="decimal" dir="ltr" autoComplete="off" value={minBet} aria-invalid={minBetBad || undefined} aria-describedby={`${id}-minbet-hint`} onChange={(e) => setMinBet(e.target.value)} />
              <p id={`${id}-minbet-hint`} className={minBetBad ? 'field-error' : 'field-hint muted'} role={minBetBad ? 'alert' : undefined}>
                {minBetBad ? t('agent.offer.amountInvalid') : t('agent.offer.activeMinBetHint')}
              </p>
            </div>
          </div>
          <fieldset className="agent-tiers-editor">
            <legend>{t('agent.tier.title')}</legend>
            <p className="muted">{kind === 'dividend' ? t('agent.offer.tiersHintDividend') : t('agent.offer.tiersHintSalary')}</p>
            <div className="data-table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    {fields.map((f) => (
                      <th key={f} scope="col">
                        {t(`agent.tier.${f}`)}
                      </th>
                    ))}
                    <th scope="col">
                      <span className="visually-hidden">{t('agent.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r, i) => (
                    <tr key={i}>
                      <th scope="row">{i + 1}</th>
                      {fields.map((f) => {
                        const p = problemAt(i, f);
                        return (
                          <td key={f}>
                            <input
                              className="input agent-tier-input"
                              inputMode={f === 'activeMembers' ? 'numeric' : 'decimal'}
                              dir="ltr"
                              autoComplete="off"
                              aria-label={t(`agent.tier.${f}N`, { n: i + 1 })}
                              aria-invalid={p ? true : undefined}
                              value={r[f]}
                              onChange={(e) => setRow(i, f, e.target.value)}
                            />
                            {f === 'rate' && <span aria-hidden="true"> %</span>}
                            {p && (
                              <span className="field-error" role="alert">
                                {t(p.key)}
                              </span>
                            )}
                          </td>
                        );
                      })}
                      <td>
                        <button type="button" className="button button-small button-ghost" aria-label={t('agent.tier.removeN', { n: i + 1 })} disabled={rows.length <= 1} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                          ×
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <button type="button" className="button button-small" disabled={rows.length >= MAX_TIERS} onClick={() => setRows([...rows, { ...emptyTier }])}>
              {t('agent.tier.add')}
            </button>
          </fieldset>
          {problems.some((p) => p.row === -1) && (
            <p className="form-error" role="alert">
              {t('agent.offer.tierCount')}
            </p>
          )}
          {offer.isError && (
            <p className="form-error" role="alert">
              {agentErrorText(t, offer.error)}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="button button-ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button-primary" disabled={offer.isPending}>
              {t('agent.offer.submit')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
