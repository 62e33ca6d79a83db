import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can, useAdminSession } from '../lib/session';
import { Amount, Count } from './cells';
import type { ReportState } from './reportQuery';
import type { ReportColumn } from './ReportTable';
import { ReportView } from './ReportView';
import type { ProfitLossRow, ProfitLossTotals } from './reportTypes';

type Props = { state: ReportState; update: (patch: Partial<ReportState>) => void };

/** ProfitLossReport is each player's result over the days: the house's
 * (GGR) and the player's own (profit), opposite in sign. */
export function ProfitLossReport({ state, update }: Props) {
  const { t } = useTranslation();
  const { me } = useAdminSession();
  const players = can(me, 'players.read');

  const columns = (currency: string): ReportColumn<ProfitLossRow, ProfitLossTotals>[] => {
    const money = (k: string) => (currency ? `${t(`reports.columns.${k}`)} (${currency})` : t(`reports.columns.${k}`));
    return [
      {
        id: 'username',
        header: t('reports.columns.username'),
        sort: 'username',
        cell: (r) => (players ? <Link to={`/players/${r.memberId}`}>{r.username}</Link> : r.username),
      },
      { id: 'memberId', header: t('reports.columns.memberId'), numeric: true, cell: (r) => r.memberId },
      { id: 'betCount', header: t('reports.columns.betCount'), sort: 'betCount', numeric: true, cell: (r) => <Count value={r.betCount} />, total: (x) => <Count value={x.betCount} /> },
      { id: 'bets', header: money('bets'), sort: 'bets', numeric: true, cell: (r) => <Amount value={r.bets} />, total: (x) => <Amount value={x.bets} /> },
      { id: 'wins', header: money('wins'), sort: 'wins', numeric: true, cell: (r) => <Amount value={r.wins} />, total: (x) => <Amount value={x.wins} /> },
      { id: 'ggr', header: money('ggr'), sort: 'ggr', numeric: true, cell: (r) => <Amount value={r.ggr} houseResult />, total: (x) => <Amount value={x.ggr} houseResult /> },
      { id: 'profit', header: money('profit'), numeric: true, cell: (r) => <Amount value={r.profit} signed />, total: (x) => <Amount value={x.profit} signed /> },
    ];
  };

  return (
    <ReportView
      state={state}
      update={update}
      columns={columns}
      rowKey={(r) => String(r.memberId)}
      fields={[{ name: 'q', label: t('reports.fields.username'), hint: t('reports.fields.usernameHint') }]}
      title={t('sections.reports.parts.profitLoss')}
      note={<p className="muted rep-note">{t('reports.profitLoss.note')}</p>}
    />
  );
}
