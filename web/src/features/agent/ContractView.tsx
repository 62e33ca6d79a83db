import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useMoney } from '../../data/wallet';
import { useContractAction, type Contract, type ContractAction, type Tier } from './api';
import { agentErrorText } from './errors';
import { Amount, Facts, Rate, Table, When } from './Table';

// TierTable shows a contract's tiers; loss is a dividend's only.
export function TierTable({ tiers, dividend, caption }: { tiers: Tier[]; dividend: boolean; caption: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Table
      caption={caption}
      rows={tiers.map((tier, i) => ({ ...tier, i }))}
      rowKey={(r) => r.i}
      columns={[
        { key: 'n', label: '#', cell: (r) => r.i + 1 },
        { key: 'validBet', label: t('agent.tier.validBet'), numeric: true, cell: (r) => <Amount minor={r.validBet} /> },
        { key: 'active', label: t('agent.tier.activeMembers'), numeric: true, cell: (r) => money.count(r.activeMembers) },
        ...(dividend ? [{ key: 'loss', label: t('agent.tier.loss'), numeric: true, cell: (r: Tier) => <Amount minor={r.loss} /> }] : []),
        { key: 'rate', label: t('agent.tier.rate'), numeric: true, cell: (r) => <Rate bp={r.rate} /> },
      ]}
    />
  );
}

// actionsFor: which buttons a contract offers the viewer. The member
// answers an offer; either side ends an active contract; the upline may
// withdraw its offer (terminate).
export function actionsFor(c: Contract, side: 'mine' | 'offered'): ContractAction[] {
  if (c.state === 'offered') return side === 'mine' ? ['sign', 'refuse'] : ['terminate'];
  if (c.state === 'active') return ['terminate'];
  return [];
}

// ContractCard is one contract: who offers it to whom, its state, when it
// starts and ends, the active member's minimum bet and the tiers, with
// the actions the viewer may take.
export function ContractCard({ contract: c, side }: { contract: Contract; side: 'mine' | 'offered' }) {
  const { t } = useTranslation();
  const act = useContractAction();
  const [confirm, setConfirm] = useState<ContractAction | null>(null);
  const actions = actionsFor(c, side);
  const counterpart = side === 'mine' ? (c.upline ? c.upline.username : t('agent.contract.platform')) : c.member.username;
  const title = t(`agent.kind.${c.kind}`);
  const run = (action: ContractAction) => act.mutate({ id: c.id, action }, { onSettled: () => setConfirm(null) });
  return (
    <article className="card agent-contract" aria-label={t('agent.contract.label', { kind: title, id: c.id })}>
      <header className="agent-contract-head">
        <h4>
          {title} · {t(`agent.period.${c.period}`)}
        </h4>
        <span className="agent-state" data-state={c.state}>
          {t(`agent.state.${c.state}`)}
        </span>
      </header>
      <Facts
        items={[
          { key: 'who', label: side === 'mine' ? t('agent.contract.from') : t('agent.contract.to'), value: <span dir="ltr">{counterpart}</span> },
          { key: 'offered', label: t('agent.contract.offeredAt'), value: <When ms={c.offeredAt} /> },
          { key: 'starts', label: t('agent.contract.startsAt'), value: <When ms={c.startsAt} /> },
          { key: 'ends', label: t('agent.contract.endsAt'), value: c.endsAt > 0 ? <When ms={c.endsAt} /> : t('agent.contract.openEnded') },
          { key: 'minBet', label: t('agent.contract.activeMinBet'), value: <Amount minor={c.activeMinBet} /> },
          { key: 'top', label: t('agent.contract.topRate'), value: <Rate bp={c.topRate} /> },
          ...(c.endedReason ? [{ key: 'reason', label: t('agent.contract.endedReason'), value: t(`agent.endedReason.${c.endedReason}`) }] : []),
          ...(c.replacesId > 0 && c.state === 'offered' ? [{ key: 'replaces', label: t('agent.contract.replaces'), value: `#${c.replacesId}` }] : []),
        ]}
      />
      <TierTable tiers={c.tiers} dividend={c.kind === 'dividend'} caption={t('agent.tier.title')} />
      {actions.length > 0 && (
        <div className="agent-actions">
          {actions.map((a) => (
            <button
              key={a}
              type="button"
              className={a === 'sign' ? 'button button-primary' : 'button'}
              disabled={act.isPending}
              aria-label={t(`agent.contract.${a}Named`, { kind: title, id: c.id })}
              onClick={() => (a === 'sign' ? run(a) : setConfirm(a))}
            >
              {t(`agent.contract.${a}`)}
            </button>
          ))}
        </div>
      )}
      {act.isError && (
        <p className="form-error" role="alert">
          {agentErrorText(t, act.error)}
        </p>
      )}
      {confirm && <ConfirmDialog text={t(`agent.contract.confirm.${confirm}`)} busy={act.isPending} onCancel={() => setConfirm(null)} onConfirm={() => run(confirm)} />}
    </article>
  );
}
