import type { ReactNode } from 'react';
import { useMoney } from '../../data/wallet';
import { formatEpoch } from '../../lib/format';
import { bpToPercent } from './tiers';
import '../../styles/data.css';

export type Column<R> = { key: string; label: string; numeric?: boolean; cell: (row: R) => ReactNode };

// Table is an agent report's rows; on a phone it scrolls sideways inside
// its wrapper instead of widening the page.
export function Table<R>({ caption, columns, rows, rowKey, foot }: { caption: string; columns: Column<R>[]; rows: R[]; rowKey: (r: R) => string | number; foot?: ReactNode }) {
  return (
    <div className="data-table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" data-numeric={c.numeric || undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.key} data-numeric={c.numeric || undefined}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {foot}
      </table>
    </div>
  );
}

// Amount shows minor units; signed ones (profit and loss, ledger entries)
// carry + or − so the sign is not told by colour alone.
export function Amount({ minor, signed }: { minor: number; signed?: boolean }) {
  const money = useMoney();
  if (!signed) return <span className="amount">{money.format(minor)}</span>;
  const tone = minor > 0 ? 'gain' : minor < 0 ? 'loss' : 'even';
  return (
    <span className="amount" data-tone={tone}>
      {money.signed(minor)}
    </span>
  );
}

export function Rate({ bp }: { bp: number }) {
  return <span className="amount">{bpToPercent(bp)} %</span>;
}

export function When({ ms }: { ms: number }) {
  return ms > 0 ? <time dateTime={new Date(ms).toISOString()}>{formatEpoch(ms)}</time> : <span className="muted">–</span>;
}

// Facts is a short list of labelled figures (a summary).
export function Facts({ items, label }: { items: { key: string; label: string; value: ReactNode }[]; label?: string }) {
  return (
    <dl className="data-facts" aria-label={label}>
      {items.map((i) => (
        <div key={i.key}>
          <dt>{i.label}</dt>
          <dd>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

// hourMinute is a time of day as HH:MM in the page's language.
export function hourMinute(ms: number): string {
  const lang = document.documentElement.lang || 'en';
  const opts = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', numberingSystem: 'latn' } as Intl.DateTimeFormatOptions;
  try {
    return new Intl.DateTimeFormat(lang, opts).format(new Date(ms));
  } catch {
    return new Intl.DateTimeFormat('en', opts).format(new Date(ms));
  }
}
