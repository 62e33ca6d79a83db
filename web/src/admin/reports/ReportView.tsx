import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet } from '../lib/api';
import { errorText } from '../lib/errorText';
import { csvHref, pageQuery, reportPath, writeReportState, type ReportState, type SortOrder } from './reportQuery';
import { ReportFilters, type FilterField } from './ReportFilters';
import { ReportTable, type ReportColumn } from './ReportTable';
import type { ReportPage } from './reportTypes';

type Props<Row, Totals> = {
  state: ReportState;
  update: (patch: Partial<ReportState>) => void;
  // columns are built from the answer's currency (headers name it).
  columns: (currency: string) => ReportColumn<Row, Totals>[];
  rowKey: (row: Row) => string;
  fields: FilterField[];
  title: string;
  // above the filters: the GGR report's breakdown switch.
  head?: ReactNode;
  // below the table: notes on how a figure is counted.
  note?: ReactNode;
};

/** ReportView is one report: its filters, its server-sorted and -paged
 * table with totals, and its CSV export, all following the address. */
export function ReportView<Row extends RowData, Totals>({ state, update, columns, rowKey, fields, title, head, note }: Props<Row, Totals>) {
  const { t } = useTranslation();
  const query = pageQuery(state);
  const page = useQuery({
    queryKey: ['admin', 'reports', state.tab, query],
    queryFn: ({ signal }) => adminGet<ReportPage<Row, Totals>>(reportPath(state.tab), query, signal),
    placeholderData: keepPreviousData,
  });
  const data = page.data;
  const shown = data ? { from: data.from, to: data.to } : undefined;
  const onSort = (sort: string, order: SortOrder) => update({ sort, order, page: 1 });
  const rows = data?.content ?? [];
  const caption = data ? t('reports.caption', { title, from: data.from, to: data.to, currency: data.currency }) : title;

  return (
    <div className="admin-panel rep-panel">
      {head}
      <ReportFilters
        key={`${writeReportState(state).toString()}|${shown?.from}|${shown?.to}`}
        state={state}
        shown={shown}
        fields={fields}
        label={t('reports.filters', { title })}
        csv={csvHref(state, shown)}
        onApply={(d) => update({ ...d, page: 1 })}
      />
      {data && (
        <p className="muted rep-range" data-testid="report-range">
          {t('reports.range.shown', { from: data.from, to: data.to, zone: `UTC${data.timezone}`, currency: data.currency })}
        </p>
      )}
      {page.isError && (
        <p className="admin-error" role="alert">
          {errorText(page.error, t)}
        </p>
      )}
      <ReportTable
        columns={columns(data?.currency ?? '')}
        rows={rows}
        totals={data?.totals}
        rowKey={rowKey}
        sort={state.sort}
        order={state.order}
        onSort={onSort}
        caption={caption}
        busy={page.isFetching}
        empty={
          <>
            {page.isSuccess && rows.length === 0 && (
              <p className="admin-empty-row" role="status">
                {t('reports.none')}
              </p>
            )}
            {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
          </>
        }
      />
      {note}
      <Pager pageNum={state.page} totalPages={data?.totalPages ?? 0} total={data?.total ?? 0} pageSize={state.size} onPage={(n) => update({ page: n })} onSize={(n) => update({ size: n, page: 1 })} />
    </div>
  );
}
