import { useTranslation } from 'react-i18next';
import { Amount, Count, Margin } from './cells';
import { ggrBys, defaultSort, type GgrBy, type ReportState } from './reportQuery';
import type { ReportColumn } from './ReportTable';
import { ReportView } from './ReportView';
import type { GgrRow, GgrTotals } from './reportTypes';

type Props = { state: ReportState; update: (patch: Partial<ReportState>) => void };

/** GgrReport is GGR (bets - wins) by day, vendor, game or game type. A
 * vendor, game type or day opens its games. */
export function GgrReport({ state, update }: Props) {
  const { t } = useTranslation();
  const by = state.by;
  const title = t(`reports.ggr.by.${by}`);

  // drill shows the games behind a row, keeping the other filters.
  const drill = (row: GgrRow): Partial<ReportState> | null => {
    const games = { by: 'game' as const, sort: defaultSort('ggr', 'game'), order: 'desc' as const, page: 1, q: '' };
    if (by === 'vendor') return { ...games, vendor: row.key };
    if (by === 'gameType') return { ...games, gameType: row.key };
    if (by === 'day') return { ...games, from: row.key, to: row.key };
    return null;
  };

  const columns = (currency: string): ReportColumn<GgrRow, GgrTotals>[] => {
    const money = (k: string) => (currency ? `${t(`reports.columns.${k}`)} (${currency})` : t(`reports.columns.${k}`));
    const keyColumn: ReportColumn<GgrRow, GgrTotals> = {
      id: 'key',
      header: t(`reports.ggr.key.${by}`),
      sort: 'key',
      firstOrder: by === 'day' ? 'desc' : 'asc',
      cell: (row) => {
        const next = drill(row);
        const name = by === 'day' ? row.key : row.label && row.label !== row.key ? `${row.label}` : row.key;
        return (
          <span className="rep-key">
            {next ? (
              <button type="button" className="rep-link" onClick={() => update(next)} aria-label={t(`reports.ggr.drill.${by}`, { name })}>
                {name}
              </button>
            ) : (
              <span>{name}</span>
            )}
            {by !== 'day' && row.label && row.label !== row.key && <code className="rep-code">{row.key}</code>}
          </span>
        );
      },
    };
    const gameColumns: ReportColumn<GgrRow, GgrTotals>[] =
      by === 'game'
        ? [
            { id: 'vendor', header: t('reports.columns.vendor'), cell: (row) => <code className="rep-code">{row.vendor}</code> },
            { id: 'gameType', header: t('reports.columns.gameType'), cell: (row) => row.gameType },
          ]
        : [];
    return [
      keyColumn,
      ...gameColumns,
      { id: 'betCount', header: t('reports.columns.betCount'), sort: 'betCount', numeric: true, cell: (r) => <Count value={r.betCount} />, total: (x) => <Count value={x.betCount} /> },
      { id: 'bets', header: money('bets'), sort: 'bets', numeric: true, cell: (r) => <Amount value={r.bets} />, total: (x) => <Amount value={x.bets} /> },
      { id: 'wins', header: money('wins'), sort: 'wins', numeric: true, cell: (r) => <Amount value={r.wins} />, total: (x) => <Amount value={x.wins} /> },
      { id: 'ggr', header: money('ggr'), sort: 'ggr', numeric: true, cell: (r) => <Amount value={r.ggr} houseResult />, total: (x) => <Amount value={x.ggr} houseResult /> },
      { id: 'margin', header: t('reports.columns.margin'), numeric: true, cell: (r) => <Margin value={r.margin} />, total: (x) => <Margin value={x.margin} /> },
    ];
  };

  const fields = [
    { name: 'vendor' as const, label: t('reports.fields.vendor'), hint: t('reports.fields.vendorHint') },
    { name: 'gameType' as const, label: t('reports.fields.gameType'), hint: t('reports.fields.gameTypeHint') },
    ...(by === 'day' ? [] : [{ name: 'q' as const, label: t(`reports.fields.q.${by}`), hint: t('reports.fields.qHint') }]),
  ];

  const head = (
    <fieldset className="rep-by">
      <legend>{t('reports.ggr.byLabel')}</legend>
      {ggrBys.map((b) => (
        <label key={b} className={b === by ? 'rep-by-option rep-by-on' : 'rep-by-option'}>
          <input type="radio" name="by" value={b} checked={b === by} onChange={() => update({ by: b as GgrBy, sort: defaultSort('ggr', b), order: 'desc', page: 1 })} />
          {t(`reports.ggr.byShort.${b}`)}
        </label>
      ))}
    </fieldset>
  );

  return <ReportView state={state} update={update} columns={columns} rowKey={(r) => `${r.vendor}/${r.key}`} fields={fields} title={title} head={head} note={<p className="muted rep-note">{t('reports.ggr.note')}</p>} />;
}
