import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet } from '../lib/api';
import { agentsKey } from './agentsApi';
import { Dialog } from './Dialog';
import { moneyText, rateText, when } from './figures';
import { Empty, LoadError } from './states';
import { TiersTable } from './TiersTable';
import { agentsApi, totalPages, type FiguresAnswer, type Payout } from './types';

/** FiguresDialog shows what a payout was worked out from: every team
 * member with a stake in the period, their valid bet and result, and
 * whether they counted as active; with the contract's tiers beside it. */
export function FiguresDialog({ payout, onClose }: { payout: Payout; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [size, setSize] = useState(20);
  const query = { page: pageNum, pageSize: size };
  const answer = useQuery({
    queryKey: [...agentsKey, 'figures', payout.id, query],
    queryFn: ({ signal }) => adminGet<FiguresAnswer>(`${agentsApi}/payouts/${payout.id}/figures`, query, signal),
    placeholderData: keepPreviousData,
  });
  const data = answer.data;
  const rows = data?.list ?? [];
  const m = (v: number, signed = false) => moneyText(v, data, i18n.language, signed);
  return (
    <Dialog title={t('agents.figures.title', { id: payout.id, username: payout.member.username })} onClose={onClose} wide>
      <p className="muted">
        {t('agents.figures.lead', {
          kind: t(`agents.kind.${payout.kind}`),
          from: when(payout.periodStart, i18n.language),
          to: when(payout.periodEnd, i18n.language),
        })}
      </p>
      {answer.isError && <LoadError error={answer.error} onRetry={() => void answer.refetch()} />}
      {data && (
        <>
          <p data-testid="figures-outcome">
            {t('agents.figures.outcome', { base: m(data.payout.base), rate: rateText(data.payout.rate, i18n.language), amount: m(data.payout.amount) })}
          </p>
          <TiersTable contract={data.contract} money={data} />
        </>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table ag-table" aria-busy={answer.isFetching}>
          <caption className="visually-hidden">{t('agents.figures.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agents.username')}</th>
              <th scope="col" className="ag-num">
                {t('agents.figures.depth')}
              </th>
              <th scope="col" className="ag-num">
                {t('agents.tiers.validBet')}
              </th>
              <th scope="col" className="ag-num">
                {t('agents.payouts.profitLoss')}
              </th>
              <th scope="col">{t('agents.figures.active')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.memberId}>
                <td>{r.username}</td>
                <td className="ag-num">{r.depth}</td>
                <td className="ag-num">{m(r.validBet)}</td>
                <td className="ag-num">{m(r.profitLoss, true)}</td>
                <td>{t(r.active ? 'agents.figures.yes' : 'agents.figures.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {answer.isSuccess && rows.length === 0 && <Empty text={t('agents.figures.none')} />}
        {answer.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={pageNum}
        totalPages={totalPages(data)}
        total={data?.total ?? 0}
        pageSize={size}
        onPage={setPageNum}
        onSize={(n) => {
          setSize(n);
          setPageNum(1);
        }}
      />
    </Dialog>
  );
}
