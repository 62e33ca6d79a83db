import { useTranslation } from 'react-i18next';
import { Amount, Count } from './cells';
import type { ReportState } from './reportQuery';
import type { ReportColumn } from './ReportTable';
import { ReportView } from './ReportView';
import type { ActivityRow, ActivityTotals } from './reportTypes';

type Props = { state: ReportState; update: (patch: Partial<ReportState>) => void };

/** ActivityReport is new and active players by local day, with the day's
 * play. */
export function ActivityReport({ state, update }: Props) {
  const { t } = useTranslation();

  const columns = (currency: string): ReportColumn<ActivityRow, ActivityTotals>[] => {
    const money = (k: string) => (currency ? `${t(`reports.columns.${k}`)} (${currency})` : t(`reports.columns.${k}`));
    const count = (k: 'registrations' | 'firstDeposits' | 'activePlayers' | 'betCount'): ReportColumn<ActivityRow, ActivityTotals> => ({
      id: k,
      header: t(`reports.columns.${k}`),
      numeric: true,
      cell: (r) => <Count value={r[k]} />,
      total: (x) => <Count value={x[k]} />,
    });
    return [
      { id: 'day', header: t('reports.columns.day'), sort: 'day', firstOrder: 'desc', cell: (r) => <time dateTime={r.day}>{r.day}</time> },
      count('registrations'),
      count('firstDeposits'),
      { ...count('activePlayers'), header: `${t('reports.columns.activePlayers')} *` },
      count('betCount'),
      { id: 'bets', header: money('bets'), numeric: true, cell: (r) => <Amount value={r.bets} />, total: (x) => <Amount value={x.bets} /> },
      { id: 'wins', header: money('wins'), numeric: true, cell: (r) => <Amount value={r.wins} />, total: (x) => <Amount value={x.wins} /> },
      { id: 'ggr', header: money('ggr'), numeric: true, cell: (r) => <Amount value={r.ggr} houseResult />, total: (x) => <Amount value={x.ggr} houseResult /> },
    ];
  };

  return (
    <ReportView
      state={state}
      update={update}
      columns={columns}
      rowKey={(r) => r.day}
      fields={[]}
      title={t('sections.reports.parts.players')}
      note={<p className="muted rep-note">* {t('reports.activity.note')}</p>}
    />
  );
}
