import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminGet, withQuery } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatTime, formatValue } from '../lib/format';
import type { AuditEntry, Page } from '../lib/types';
import { auditFilterQuery, emptyAuditFilters, type AuditFilters, type SortOrder } from './auditQuery';
import { Pager, pageSizes } from '../components/Pager';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AuditEntry>();
const noRows: AuditEntry[] = [];
// The server's outcomes: ok, or refused:<error code> (the filter's
// refused matches any refusal).
const outcomes = ['ok', 'refused'];

/** AuditPage is the audit trail: filtered, sorted by time and paged on the
 * server, with the same filters exported as CSV. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(emptyAuditFilters);
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters);
  const [order, setOrder] = useState<SortOrder>('desc');
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes[0]);

  const query = auditFilterQuery(filters, order);
  const page = useQuery({
    queryKey: ['admin', 'audit', query, pageNum, pageSize],
    queryFn: ({ signal }) => adminGet<Page<AuditEntry>>('/admin/api/audit', { ...query, pageNum, pageSize }, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('time', {
          header: () => (
            <button
              type="button"
              className="admin-sort"
              aria-label={order === 'desc' ? t('audit.sortOldest') : t('audit.sortNewest')}
              onClick={() => {
                setOrder(order === 'desc' ? 'asc' : 'desc');
                setPageNum(1);
              }}
            >
              {t('audit.time')} <span aria-hidden="true">{order === 'desc' ? '↓' : '↑'}</span>
            </button>
          ),
          cell: (c) => <time dateTime={c.getValue()}>{formatTime(c.getValue(), i18n.language)}</time>,
        }),
        helper.accessor('operator', { header: () => t('audit.operator') }),
        helper.accessor('merchant', { header: () => t('audit.merchant') }),
        helper.accessor('ip', { header: () => t('audit.ip') }),
        helper.accessor('action', { header: () => t('audit.action'), cell: (c) => <code>{c.getValue()}</code> }),
        helper.accessor('target', { header: () => t('audit.target') }),
        helper.accessor('before', { header: () => t('audit.before'), cell: (c) => <Value v={c.getValue()} /> }),
        helper.accessor('after', { header: () => t('audit.after'), cell: (c) => <Value v={c.getValue()} /> }),
        helper.accessor('outcome', {
          header: () => t('audit.outcome'),
          cell: (c) => <Outcome value={c.getValue()} t={t} />,
        }),
      ]),
    [order, t, i18n.language],
  );

  const table = useTable({ features, columns, data: page.data?.content ?? noRows });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setPageNum(1);
  };
  const clear = () => {
    setDraft(emptyAuditFilters);
    setFilters(emptyAuditFilters);
    setPageNum(1);
  };
  const set = (k: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const totalPages = page.data?.totalPages ?? 0;
  const csv = withQuery('/admin/api/audit.csv', query);

  return (
    <section className="admin-page" aria-labelledby="page-audit">
      <div className="admin-page-head">
        <h1 id="page-audit">{t('sections.audit.title')}</h1>
        <p className="muted">{t('sections.audit.summary')}</p>
      </div>
      <form className="admin-filters" onSubmit={apply} role="search" aria-label={t('audit.filters')}>
        <label className="admin-field">
          <span>{t('audit.operator')}</span>
          <input className="input" name="operator" value={draft.operator} onChange={set('operator')} />
        </label>
        <label className="admin-field">
          <span>{t('audit.action')}</span>
          <input className="input" name="action" value={draft.action} onChange={set('action')} />
        </label>
        <label className="admin-field">
          <span>{t('audit.outcome')}</span>
          <select className="input" name="outcome" value={draft.outcome} onChange={set('outcome')}>
            <option value="">{t('audit.outcomes.any')}</option>
            {outcomes.map((o) => (
              <option key={o} value={o}>
                {t(`audit.outcomes.${o}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>{t('audit.from')}</span>
          <input className="input" type="date" name="from" value={draft.from} onChange={set('from')} />
        </label>
        <label className="admin-field">
          <span>{t('audit.to')}</span>
          <input className="input" type="date" name="to" value={draft.to} onChange={set('to')} />
        </label>
        <div className="admin-filter-actions">
          <button className="button button-primary button-small" type="submit">
            {t('audit.apply')}
          </button>
          <button className="button button-small" type="button" onClick={clear}>
            {t('audit.clear')}
          </button>
          <a className="button button-small" href={csv} download>
            {t('audit.exportCsv')}
          </a>
        </div>
      </form>

      {page.isError && (
        <p className="admin-error" role="alert">
          {errorText(page.error, t)}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table" aria-busy={page.isFetching}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" aria-sort={header.column.id === 'time' ? (order === 'desc' ? 'descending' : 'ascending') : undefined}>
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.original.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && page.data.content.length === 0 && (
          <p className="admin-empty-row" role="status">
            {t('audit.none')}
          </p>
        )}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={pageNum}
        totalPages={totalPages}
        total={page.data?.total ?? 0}
        pageSize={pageSize}
        onPage={setPageNum}
        onSize={(n) => {
          setPageSize(n);
          setPageNum(1);
        }}
      />
    </section>
  );
}

function Outcome({ value, t }: { value: string; t: (key: string) => string }) {
  const [kind, detail] = value.split(/:(.*)/s, 2) as [string, string | undefined];
  const known = outcomes.includes(kind);
  return (
    <span className={`admin-badge admin-outcome-${known ? kind : 'other'}`} title={value}>
      {known ? t(`audit.outcomes.${kind}`) : value}
      {known && detail ? <span className="admin-outcome-detail"> {detail}</span> : null}
    </span>
  );
}

function Value({ v }: { v: unknown }) {
  const s = formatValue(v);
  return (
    <span className="admin-value" title={s}>
      {s}
    </span>
  );
}
