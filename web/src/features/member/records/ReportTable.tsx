import type { ReactNode } from 'react';
import { useMoney } from '../../../data/wallet';

export type Column<R> = { key: string; label: string; numeric?: boolean; cell: (row: R) => ReactNode };

// ReportTable is a report's rows: a table on wide screens, one card per
// row on phones (each cell labelled by its column, see frame.css). Numbers
// sit at the end of their cells in tabular figures so columns line up.
export function ReportTable<R>({ caption, columns, rows, rowKey, foot }: { caption: string; columns: Column<R>[]; rows: R[]; rowKey: (r: R) => string; foot?: R }) {
  return (
    <div className="report-table-wrap">
      <table className="report-table">
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
                <td key={c.key} data-label={c.label} data-numeric={c.numeric || undefined}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            <tr>
              {columns.map((c) => (
                <td key={c.key} data-label={c.label} data-numeric={c.numeric || undefined}>
                  {c.cell(foot)}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

// Amount shows minor units in the wallet's decimals. signed amounts (profit,
// account movements) carry + or − and a colour; the sign alone says it.
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
