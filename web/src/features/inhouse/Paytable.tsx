import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { usePaytable, type Paytable as Table, type SymbolPay } from './api';
import { LINES, REELS, ROWS } from './slot';
import { SymbolArt } from './SymbolArt';
import type { Money } from './useGame';

// rtpText shows a return to player the server gives as a fraction (0.96)
// or a percentage (96).
export function rtpText(rtp: number, locale: string): string {
  const pct = rtp <= 1 ? rtp * 100 : rtp;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(pct);
}

// Paytable is the slot's published rules (GET /inhouse/paytable): what
// each symbol pays, also at the current stake, the scatter and free-spin
// rules, the 20 lines and the return to player.
export function Paytable({ stake, money }: { stake: number; money: Money }) {
  const { t } = useTranslation();
  const q = usePaytable();
  return (
    <details className="pge-panel pge-paytable">
      <summary>{t('inhouse.slot.paytable')}</summary>
      {q.isError ? <LoadError error={q.error} onRetry={() => void q.refetch()} /> : !q.data ? <Spinner /> : <PaytableBody table={q.data.slot} stake={stake} money={money} />}
    </details>
  );
}

function PaytableBody({ table, stake, money }: { table: Table['slot']; stake: number; money: Money }) {
  const { t } = useTranslation();
  const perLine = stake / LINES;
  const scatterCounts = Object.keys(table.scatterPays).sort((a, b) => Number(a) - Number(b));
  return (
    <div className="pge-paytable-body">
      <p className="pge-rtp">{t('inhouse.slot.rtp', { rtp: rtpText(table.rtp, money.locale) })}</p>
      <PaysTable
        caption={t('inhouse.slot.linePays')}
        counts={['3', '4', '5']}
        rows={table.symbols}
        amount={(times) => Math.floor(times * perLine)}
        money={money}
      />
      <PaysTable
        caption={t('inhouse.slot.scatterPays')}
        counts={scatterCounts}
        rows={[{ symbol: table.scatter, pays: table.scatterPays }]}
        amount={(times) => times * stake}
        money={money}
      />
      <ul className="pge-rules">
        <li>{t('inhouse.slot.ruleLines')}</li>
        <li>{t('inhouse.slot.ruleWild', { wild: t(`inhouse.symbol.${table.wild}`), scatter: t(`inhouse.symbol.${table.scatter}`) })}</li>
        <li>{t('inhouse.slot.ruleScatter', { scatter: t(`inhouse.symbol.${table.scatter}`), award: table.freeSpins.award })}</li>
        <li>{t('inhouse.slot.ruleFreeSpins', { multiplier: table.freeSpins.multiplier, award: table.freeSpins.award, max: table.freeSpins.max })}</li>
      </ul>
      <h3 className="pge-subtitle">{t('inhouse.slot.paylines')}</h3>
      <ol className="pge-paylines">
        {table.lines.map((shape, i) => (
          <li key={i}>
            <PaylineDiagram shape={shape} />
            <span>{i + 1}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

// PaysTable lists what each symbol pays by how many of it land: the
// multiple, and the amount it makes at the current stake (amount).
function PaysTable({ caption, counts, rows, amount, money }: { caption: string; counts: string[]; rows: SymbolPay[]; amount: (times: number) => number; money: Money }) {
  const { t } = useTranslation();
  return (
    <div className="pge-table-wrap">
      <table className="pge-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('inhouse.slot.symbol')}</th>
            {counts.map((c) => (
              <th scope="col" key={c} data-numeric>
                {t('inhouse.slot.ofAKind', { count: Number(c) })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.symbol}>
              <th scope="row">
                <span className="pge-pay-symbol">
                  <SymbolArt symbol={s.symbol} size={28} />
                  <span>{t(`inhouse.symbol.${s.symbol}`)}</span>
                </span>
              </th>
              {counts.map((c) => (
                <td key={c} data-numeric>
                  <span dir="ltr">×{s.pays[c] ?? 0}</span>
                  <span className="pge-pay-amount" dir="ltr">
                    {money.plain(amount(s.pays[c] ?? 0))}
                  </span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// PaylineDiagram draws one line's shape on a small 5 × 3 grid.
export function PaylineDiagram({ shape }: { shape: number[] }) {
  const cells = [];
  for (let reel = 0; reel < REELS; reel++) {
    for (let row = 0; row < ROWS; row++) {
      cells.push(<rect key={`${reel}:${row}`} x={reel * 10 + 1} y={row * 10 + 1} width="8" height="8" rx="1.5" className={shape[reel] === row ? 'on' : 'off'} />);
    }
  }
  return (
    <svg className="pge-payline" viewBox="0 0 50 30" width="50" height="30" aria-hidden="true">
      {cells}
      <polyline points={shape.map((row, reel) => `${reel * 10 + 5},${row * 10 + 5}`).join(' ')} fill="none" className="line" strokeWidth="1.5" />
    </svg>
  );
}
