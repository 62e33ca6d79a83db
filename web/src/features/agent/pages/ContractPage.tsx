import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { standingOf, useConsolidated, type ContractKind } from '../../../data/consolidated';
import { showMessage } from '../../../lib/popups';
import { useContracts, usePayouts, useProcess, type MemberRef, type Payout, type PayoutRole } from '../api';
import { OfferDialog, useOfferableKinds } from '../ContractOfferForm';
import { ContractCard } from '../ContractView';
import { agentErrorText } from '../errors';
import { FiguresDialog } from '../FiguresDialog';
import { usePeriodFilter, type DateRange } from '../period';
import { PeriodForm } from '../PeriodForm';
import { Amount, Facts, Rate, Table, When } from '../Table';
import { DownlinePicker } from '../DownlinePicker';

// ContractPage is one contract kind's page (dividend, daily, hourly or
// real-time salary): the agent's own contracts and those it offered, then
// the payouts it received and paid, with "process now" to settle what is
// due at once.
export function ContractPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const standing = standingOf(useConsolidated().data, kind);
  const process = useProcess(kind);
  return (
    <div className="agent-contracts">
      <div className="agent-report-head">
        {standing && (
          <p className="muted" role="status">
            {standing.active ? t('agent.contract.haveActive') : t('agent.contract.noActive')}
          </p>
        )}
        <button
          type="button"
          className="button"
          disabled={process.isPending}
          onClick={() => process.mutate(undefined, { onSuccess: (r) => showMessage(t('agent.payout.processed', { count: r.processed.length })) })}
        >
          {process.isPending ? t('common.loading') : t('agent.payout.processNow')}
        </button>
      </div>
      {process.isError && (
        <p className="form-error" role="alert">
          {agentErrorText(t, process.error)}
        </p>
      )}
      <Contracts kind={kind} />
      <Payouts kind={kind} />
    </div>
  );
}

function Contracts({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const id = useId();
  const q = useContracts(kind);
  const canOffer = useOfferableKinds().includes(kind);
  const [picking, setPicking] = useState(false);
  const [offerTo, setOfferTo] = useState<MemberRef | null>(null);
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const { mine, offered } = q.data;
  return (
    <>
      <section aria-labelledby={`${id}-mine`}>
        <h3 id={`${id}-mine`} className="agent-heading">
          {t('agent.contract.mine')}
        </h3>
        {mine.length === 0 ? <EmptyState title={t('agent.contract.noneMine')} /> : mine.map((c) => <ContractCard key={c.id} contract={c} side="mine" />)}
      </section>
      <section aria-labelledby={`${id}-offered`}>
        <div className="agent-report-head">
          <h3 id={`${id}-offered`} className="agent-heading">
            {t('agent.contract.offered')}
          </h3>
          {canOffer && (
            <button type="button" className="button button-primary" onClick={() => setPicking(true)}>
              {t('agent.offer.new')}
            </button>
          )}
        </div>
        {offered.length === 0 ? <EmptyState title={t('agent.contract.noneOffered')} /> : offered.map((c) => <ContractCard key={c.id} contract={c} side="offered" />)}
      </section>
      {picking && (
        <DownlinePicker
          onClose={() => setPicking(false)}
          onPick={(m) => {
            setPicking(false);
            setOfferTo(m);
          }}
        />
      )}
      {offerTo && <OfferDialog member={offerTo} kind={kind} onClose={() => setOfferTo(null)} />}
    </>
  );
}

function Payouts({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const id = useId();
  const [role, setRole] = useState<PayoutRole>('received');
  const [figures, setFigures] = useState<number | null>(null);
  const f = usePeriodFilter<{ range: DateRange }>({}, undefined, 'last30');
  const q = usePayouts(kind, role, f.applied.range, f.page);
  const d = q.data;
  const who = (p: Payout) => (role === 'received' ? (p.payer ? p.payer.username : t('agent.contract.platform')) : p.member.username);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="agent-heading">
        {t('agent.payout.title')}
      </h3>
      <div className="tabs" role="tablist" aria-label={t('agent.payout.title')}>
        {(['received', 'paid'] as const).map((r) => (
          <button
            key={r}
            type="button"
            role="tab"
            className="tab"
            aria-selected={role === r}
            onClick={() => {
              setRole(r);
              f.setPage(1);
            }}
          >
            {t(`agent.income.${r}`)}
          </button>
        ))}
      </div>
      <PeriodForm
        range={f.draft.range}
        onRange={(range) => f.setDraft({ range })}
        onShortcut={(range) => {
          f.setDraft({ range });
          f.apply({ range });
        }}
        onSubmit={() => f.apply()}
        error={f.error}
        maxDays={f.maxDays}
        busy={q.isFetching}
      />
      {q.isError && !d ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Spinner />
      ) : d.list.length === 0 ? (
        <EmptyState title={t('agent.payout.empty')} />
      ) : (
        <>
          <Facts label={t('agent.summary')} items={[{ key: 'amount', label: t('agent.payout.total'), value: <Amount minor={d.summary.amount} /> }]} />
          <Table
            caption={t(`agent.income.${role}`)}
            rows={d.list}
            rowKey={(p) => p.id}
            columns={[
              {
                key: 'period',
                label: t('agent.contract.period'),
                cell: (p) => (
                  <span className="agent-period-cell">
                    <When ms={p.periodStart} /> – <When ms={p.periodEnd} />
                  </span>
                ),
              },
              { key: 'who', label: role === 'received' ? t('agent.payout.payer') : t('agent.payout.member'), cell: (p) => <span dir="ltr">{who(p)}</span> },
              { key: 'validBet', label: t('agent.figures.validBet'), numeric: true, cell: (p) => <Amount minor={p.validBet} /> },
              { key: 'active', label: t('agent.figures.activeMembers'), numeric: true, cell: (p) => p.activeMembers },
              { key: 'pl', label: t('agent.figures.profitLoss'), numeric: true, cell: (p) => <Amount minor={p.profitLoss} signed /> },
              { key: 'tier', label: t('agent.payout.tier'), numeric: true, cell: (p) => (p.tier >= 0 ? p.tier + 1 : '–') },
              { key: 'rate', label: t('agent.tier.rate'), numeric: true, cell: (p) => <Rate bp={p.rate} /> },
              { key: 'amount', label: t('records.amount'), numeric: true, cell: (p) => <Amount minor={p.amount} /> },
              { key: 'state', label: t('agent.payout.state'), cell: (p) => <span className="agent-state" data-state={p.state}>{t(`agent.payoutState.${p.state}`)}</span> },
              {
                key: 'figures',
                label: t('agent.actions'),
                cell: (p) => (
                  <button type="button" className="button button-small" aria-label={t('agent.payout.figuresTitle', { id: p.id })} onClick={() => setFigures(p.id)}>
                    {t('agent.payout.figures')}
                  </button>
                ),
              },
            ]}
          />
          <Pagination page={f.page} totalPages={Math.ceil(d.total / d.pageSize)} onPage={f.setPage} range={5} />
        </>
      )}
      {figures !== null && <FiguresDialog payoutId={figures} onClose={() => setFigures(null)} />}
    </section>
  );
}
