import { createColumnHelper, metaHelper, tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from './reportQuery';

/** ReportColumn is one column of a report: its header, its cell and its
 * totals cell; sort names the API's sort key when the server can sort by
 * it; numeric columns are right-aligned. */
export type ReportColumn<Row, Totals> = {
  id: string;
  header: string;
  sort?: string;
  numeric?: boolean;
  // firstOrder is the order of a first click on the header: largest
  // figures and newest days first, names from A (the default).
  firstOrder?: SortOrder;
  cell: (row: Row) => ReactNode;
  total?: (totals: Totals) => ReactNode;
};

type Meta = { sort?: string; numeric?: boolean };
const features = tableFeatures({ columnMeta: metaHelper<Meta>() });

type Props<Row, Totals> = {
  columns: ReportColumn<Row, Totals>[];
  rows: Row[];
  totals: Totals | undefined;
  rowKey: (row: Row) => string;
  sort: string;
  order: SortOrder;
  // onSort asks the server for another order; the caller goes back to page 1.
  onSort: (sort: string, order: SortOrder) => void;
  caption: string;
  busy: boolean;
  empty: ReactNode;
};

/** ReportTable is a report's table (TanStack Table, headless): the page of
 * rows, sortable headers that ask the server (aria-sort says the current
 * order), and a totals row over every row of the report. */
export function ReportTable<Row extends RowData, Totals>({ columns, rows, totals, rowKey, sort, order, onSort, caption, busy, empty }: Props<Row, Totals>) {
  const { t } = useTranslation();
  const defs = useMemo(() => {
    const helper = createColumnHelper<typeof features, Row>();
    return columns.map((c) =>
      helper.display({
        id: c.id,
        meta: { sort: c.sort, numeric: c.numeric },
        header: () =>
          c.sort ? (
            <button
              type="button"
              className="admin-sort rep-sort"
              onClick={() => onSort(c.sort!, c.sort === sort ? (order === 'desc' ? 'asc' : 'desc') : firstOrder(c))}
            >
              {c.header}
              <span aria-hidden="true" className="rep-sort-mark">
                {c.sort === sort ? (order === 'desc' ? ' ↓' : ' ↑') : ' ↕'}
              </span>
            </button>
          ) : (
            c.header
          ),
        cell: (ctx) => c.cell(ctx.row.original),
        footer: () => (totals && c.total ? c.total(totals) : null),
      }),
    ) as ColumnDef<typeof features, Row>[];
  }, [columns, totals, sort, order, onSort]);

  const table = useTable({ features, columns: defs, data: rows });
  const ariaSort = (meta: Meta | undefined) => (meta?.sort ? (meta.sort === sort ? (order === 'desc' ? 'descending' : 'ascending') : 'none') : undefined);

  return (
    <div className="admin-table-wrap">
      <table className="admin-table rep-table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((h) => {
                const meta = h.column.columnDef.meta;
                return (
                  <th key={h.id} scope="col" className={meta?.numeric ? 'rep-num' : undefined} aria-sort={ariaSort(meta)}>
                    <table.FlexRender header={h} />
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={rowKey(row.original)}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={cell.column.columnDef.meta?.numeric ? 'rep-num' : undefined}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals && rows.length > 0 && (
          <tfoot>
            {table.getFooterGroups().map((group) => (
              <tr key={group.id} className="rep-totals" data-testid="report-totals">
                {group.headers.map((h, i) =>
                  i === 0 ? (
                    <th key={h.id} scope="row">
                      {t('reports.totals')}
                    </th>
                  ) : (
                    <td key={h.id} className={h.column.columnDef.meta?.numeric ? 'rep-num' : undefined}>
                      <table.FlexRender footer={h} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tfoot>
        )}
      </table>
      {empty}
    </div>
  );
}

function firstOrder<Row, Totals>(c: ReportColumn<Row, Totals>): SortOrder {
  return c.firstOrder ?? (c.numeric ? 'desc' : 'asc');
}
