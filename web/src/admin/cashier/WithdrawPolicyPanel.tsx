import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminApiError, adminGet, adminPut } from '../lib/api';
import { errorText } from '../lib/errorText';
import { can, useAdminSession } from '../lib/session';
import type { WithdrawPolicy } from './withdrawTypes';

const policyPath = '/admin/api/cashier/withdraw-policy';
const policyKey = ['admin', 'cashier', 'withdrawPolicy'];

type Field = Exclude<keyof WithdrawPolicy, 'currency' | 'decimals'>;
const amountFields: Field[] = ['min', 'max', 'dailyAmount', 'uplineMin', 'uplineMax', 'uplineDaily'];
const countFields: Field[] = ['turnoverPct', 'dailyCount', 'maxOpen', 'receiptMinutes'];

/** policyProblems names the fields that are not numbers of the right form
 * (the server checks the ranges again and names the field it refuses). */
export function policyProblems(p: Record<Field, string>): Partial<Record<Field, true>> {
  const out: Partial<Record<Field, true>> = {};
  for (const f of amountFields) if (!/^\d{1,12}(\.\d{1,4})?$/.test(p[f].trim())) out[f] = true;
  for (const f of countFields) if (!/^\d{1,6}$/.test(p[f].trim())) out[f] = true;
  return out;
}

/** WithdrawPolicyPanel is the merchant's withdrawal policy: the wagering
 * requirement, limits, how long a member has to confirm a receipt, how
 * payouts are made, and the transfer-to-upline limits. Every operator who
 * reads the cashier sees it; only cashier.channels may change it. */
export function WithdrawPolicyPanel() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: policyKey, queryFn: ({ signal }) => adminGet<WithdrawPolicy>(policyPath, undefined, signal) });
  if (q.isError)
    return (
      <p className="admin-error" role="alert">
        {errorText(q.error, t)}
      </p>
    );
  if (!q.data) return <p className="muted">{t('common.loading')}</p>;
  return <PolicyForm policy={q.data} />;
}

function PolicyForm({ policy }: { policy: WithdrawPolicy }) {
  const { t } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const edit = can(me, 'cashier.channels');
  const [draft, setDraft] = useState<Record<Field, string>>(() => {
    const d = {} as Record<Field, string>;
    for (const f of [...amountFields, ...countFields, 'payout'] as Field[]) d[f] = String(policy[f] ?? '');
    return d;
  });
  const [shown, setShown] = useState(false);
  const [saved, setSaved] = useState('');
  const problems = policyProblems(draft);
  const save = useMutation({
    mutationFn: (body: WithdrawPolicy) => adminPut<WithdrawPolicy>(policyPath, body),
    onSuccess: (p) => {
      client.setQueryData(policyKey, { ...policy, ...p });
      setSaved(t('cashier.policy.saved'));
    },
    onError: (err) => {
      if (err instanceof AdminApiError && err.status === 202) setSaved(t('cashier.channels.held'));
    },
  });
  const serverField = save.error instanceof AdminApiError ? String((save.error.value as { field?: unknown } | null)?.field ?? '') : '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    setSaved('');
    if (Object.keys(problems).length) return;
    const body = { payout: draft.payout as WithdrawPolicy['payout'] } as WithdrawPolicy;
    for (const f of amountFields) (body as Record<string, unknown>)[f] = draft[f].trim();
    for (const f of countFields) (body as Record<string, unknown>)[f] = Number(draft[f]);
    save.mutate(body);
  };

  const input = (f: Field, hint?: string) => {
    const bad = (shown && problems[f]) || serverField === f;
    return (
      <label className="admin-field" key={f}>
        <span>
          {t(`cashier.policy.${f}`, { currency: policy.currency ?? '' })}
        </span>
        <input
          className="input"
          name={f}
          inputMode={amountFields.includes(f) ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={draft[f]}
          onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
          aria-invalid={bad || undefined}
          title={hint}
        />
        {bad && <span className="admin-error csh-small">{t('cashier.policy.invalid')}</span>}
      </label>
    );
  };

  const failed = save.isError && !(save.error instanceof AdminApiError && save.error.status === 202);
  return (
    <form className="admin-panel csh-panel csh-policy" onSubmit={submit} noValidate aria-labelledby="policy-title">
      <h2 id="policy-title" className="visually-hidden">
        {t('sections.cashier.parts.withdrawSettings')}
      </h2>
      <p className="muted">{t('cashier.policy.lead')}</p>
      {!edit && <p className="admin-notice">{t('cashier.policy.readOnly')}</p>}
      <fieldset className="csh-fieldset" disabled={!edit}>
        <legend>{t('cashier.policy.withdrawals')}</legend>
        <div className="csh-policy-grid">
          {input('turnoverPct')}
          {input('min')}
          {input('max')}
          {input('dailyCount')}
          {input('dailyAmount')}
          {input('maxOpen')}
          {input('receiptMinutes')}
          <label className="admin-field">
            <span>{t('cashier.policy.payout')}</span>
            <select className="input admin-select" name="payout" value={draft.payout} onChange={(e) => setDraft({ ...draft, payout: e.target.value })}>
              <option value="manual">{t('cashier.gateway.manual')}</option>
              <option value="sim">{t('cashier.gateway.sim')}</option>
              <option value="p2p">{t('cashier.gateway.p2p')}</option>
            </select>
          </label>
        </div>
        <p className="muted csh-small">{t('cashier.policy.hint')}</p>
      </fieldset>
      <fieldset className="csh-fieldset" disabled={!edit}>
        <legend>{t('cashier.policy.upline')}</legend>
        <div className="csh-policy-grid">
          {input('uplineMin')}
          {input('uplineMax')}
          {input('uplineDaily')}
        </div>
      </fieldset>
      {saved && (
        <p className="admin-notice" role="status">
          {saved}
        </p>
      )}
      {failed && (
        <p className="admin-error" role="alert">
          {errorText(save.error, t)}
        </p>
      )}
      {edit && (
        <div className="admin-filter-actions">
          <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
            {t('cashier.channels.save')}
          </button>
        </div>
      )}
    </form>
  );
}
