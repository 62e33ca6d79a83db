import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminPost } from '../lib/api';
import { errorText } from '../lib/errorText';
import { fetchTree } from './agentsApi';
import { Dialog } from './Dialog';
import { decimalsOf, minor } from './figures';
import { held } from './states';
import { readTiers, emptyTier, type TierDraft, type TierProblem } from './tiers';
import { TiersEditor } from './TiersEditor';
import { agentsApi, contractKinds, dividendPeriods, salaryPeriod, type Contract, type ContractKind, type Money, type Period, type Tier } from './types';

/** OfferBody is what the platform's offer sends. */
export type OfferBody = { memberId: number; kind: ContractKind; period: Period; tiers: Tier[]; activeMinBet: number };

/** ContractDialog is the platform's offer of a contract to a top agent:
 * the agent by username (looked up with the tree call), the kind, the
 * period for a dividend, who counts as an active member, and the tiers. The
 * agent signs it on the player site; it starts at the next period. */
export function ContractDialog({ money, onClose, onDone }: { money: Money | undefined; onClose: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const decimals = decimalsOf(money);
  const [username, setUsername] = useState('');
  const [kind, setKind] = useState<ContractKind>('daily_salary');
  const [period, setPeriod] = useState<Period>('daily');
  const [activeMinBet, setActiveMinBet] = useState('');
  const [rows, setRows] = useState<TierDraft[]>([{ ...emptyTier }]);
  const [problems, setProblems] = useState<TierProblem[]>([]);
  const [problem, setProblem] = useState('');
  const [lookupError, setLookupError] = useState<unknown>(null);
  const send = useMutation({
    mutationFn: (body: OfferBody) => adminPost<Contract>(`${agentsApi}/contracts`, body),
    onSuccess: (c) => onDone(t('agents.offer.done', { id: c.id, username: c.member.username })),
    onError: (err) => {
      if (held(err)) onDone(t('agents.held'));
    },
  });
  const [finding, setFinding] = useState(false);
  const dividend = kind === 'dividend';

  // Without the currency's decimals a typed amount cannot be turned into
  // minor units safely (a zero-decimal currency would be off a hundredfold).
  const unknownCurrency = money?.decimals === undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setLookupError(null);
    if (unknownCurrency) return;
    const name = username.trim();
    const minBet = minor(activeMinBet, decimals);
    const read = readTiers(rows, kind, decimals);
    setProblems(read.problems);
    const p = !name ? 'agents.offer.memberRequired' : minBet === null ? 'agents.offer.minBetInvalid' : '';
    setProblem(p);
    if (p || read.problems.length) return;
    setFinding(true);
    try {
      const found = await fetchTree({ username: name });
      if (!found.member.isAgent) {
        setProblem('agents.offer.notAgent');
        return;
      }
      send.mutate({ memberId: found.member.id, kind, period: dividend ? period : salaryPeriod[kind as Exclude<ContractKind, 'dividend'>], tiers: read.tiers, activeMinBet: minBet! });
    } catch (err) {
      setLookupError(err);
    } finally {
      setFinding(false);
    }
  };

  const busy = finding || send.isPending;
  const failed = send.isError && !held(send.error) ? send.error : lookupError;
  return (
    <Dialog title={t('agents.offer.title')} onClose={onClose} busy={busy} wide>
      <form className="admin-form ag-form" aria-label={t('agents.offer.title')} onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted">{t('agents.offer.lead')}</p>
        {unknownCurrency && (
          <p className="admin-error" role="alert">
            {t('agents.offer.noCurrency')}
          </p>
        )}
        <div className="admin-filters">
          <label className="admin-field">
            <span>{t('agents.offer.member')}</span>
            <input className="input" name="member" autoComplete="off" maxLength={64} value={username} onChange={(e) => setUsername(e.target.value)} />
          </label>
          <label className="admin-field">
            <span>{t('agents.kindLabel')}</span>
            <select className="input admin-select" value={kind} onChange={(e) => setKind(e.target.value as ContractKind)}>
              {contractKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`agents.kind.${k}`)}
                </option>
              ))}
            </select>
          </label>
          {dividend && (
            <label className="admin-field">
              <span>{t('agents.periodLabel')}</span>
              <select className="input admin-select" value={period} onChange={(e) => setPeriod(e.target.value as Period)}>
                {dividendPeriods.map((p) => (
                  <option key={p} value={p}>
                    {t(`agents.period.${p}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="admin-field">
            <span>{money?.currency ? `${t('agents.offer.activeMinBet')} (${money.currency})` : t('agents.offer.activeMinBet')}</span>
            <input className="input" name="activeMinBet" inputMode="decimal" value={activeMinBet} onChange={(e) => setActiveMinBet(e.target.value)} />
          </label>
        </div>
        <p className="muted ag-small">{t(dividend ? 'agents.offer.dividendRule' : 'agents.offer.salaryRule')}</p>
        <TiersEditor rows={rows} dividend={dividend} currency={money?.currency ?? ''} problems={problems} onChange={setRows} />
        {problem && (
          <p className="admin-error" role="alert">
            {t(problem)}
          </p>
        )}
        {failed ? (
          <p className="admin-error" role="alert">
            {errorText(failed, t)}
          </p>
        ) : null}
        <div className="admin-filter-actions">
          <button type="submit" className="button button-small button-primary" disabled={busy || unknownCurrency}>
            {t('agents.offer.send')}
          </button>
          <button type="button" className="button button-small" onClick={onClose} disabled={busy}>
            {t('agents.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
