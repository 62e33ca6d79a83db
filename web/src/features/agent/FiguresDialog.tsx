import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { useMoney } from '../../data/wallet';
import { usePayoutFigures } from './api';
import { Amount, Facts, Rate, Table } from './Table';

// FiguresDialog shows what a payout was worked out from: the team's
// figures for the period and every member with a stake in it.
export function FiguresDialog({ payoutId, onClose }: { payoutId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const q = usePayoutFigures(payoutId, page);
  const d = q.data;
  return (
    <Dialog title={t('agent.payout.figuresTitle', { id: payoutId })} onClose={onClose} className="agent-figures-dialog">
      {q.isError && !d ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Spinner />
      ) : (
        <>
          <Facts
            items={[
              { key: 'kind', label: t('agent.contract.kind'), value: `${t(`agent.kind.${d.payout.kind}`)} · ${t(`agent.period.${d.payout.period}`)}` },
              { key: 'team', label: t('agent.overview.teamSize'), value: money.count(d.payout.teamSize) },
              { key: 'active', label: t('agent.figures.activeMembers'), value: money.count(d.payout.activeMembers) },
              { key: 'validBet', label: t('agent.figures.validBet'), value: <Amount minor={d.payout.validBet} /> },
              { key: 'pl', label: t('agent.figures.profitLoss'), value: <Amount minor={d.payout.profitLoss} signed /> },
              { key: 'base', label: t('agent.payout.base'), value: <Amount minor={d.payout.base} /> },
              { key: 'tier', label: t('agent.payout.tier'), value: d.payout.tier >= 0 ? d.payout.tier + 1 : t('agent.payout.noTier') },
              { key: 'rate', label: t('agent.tier.rate'), value: <Rate bp={d.payout.rate} /> },
              { key: 'amount', label: t('records.amount'), value: <Amount minor={d.payout.amount} /> },
              { key: 'minBet', label: t('agent.contract.activeMinBet'), value: <Amount minor={d.contract.activeMinBet} /> },
            ]}
          />
          {d.list.length === 0 ? (
            <EmptyState title={t('agent.payout.noFigures')} />
          ) : (
            <Table
              caption={t('agent.payout.members')}
              rows={d.list}
              rowKey={(r) => r.memberId}
              columns={[
                { key: 'user', label: t('agent.username'), cell: (r) => <span dir="ltr">{r.username}</span> },
                { key: 'depth', label: t('agent.profitLoss.depth'), numeric: true, cell: (r) => r.depth },
                { key: 'validBet', label: t('agent.figures.validBet'), numeric: true, cell: (r) => <Amount minor={r.validBet} /> },
                { key: 'pl', label: t('agent.figures.profitLoss'), numeric: true, cell: (r) => <Amount minor={r.profitLoss} signed /> },
                { key: 'active', label: t('agent.payout.active'), cell: (r) => (r.active ? t('agent.yes') : t('agent.no')) },
              ]}
            />
          )}
          <Pagination page={page} totalPages={Math.ceil(d.total / d.pageSize)} onPage={setPage} range={5} />
        </>
      )}
    </Dialog>
  );
}
