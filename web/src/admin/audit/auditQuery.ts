import type { Query } from '../lib/api';

/** AuditFilters are the audit trail's filters, as the form holds them. */
export type AuditFilters = { operator: string; action: string; outcome: string; from: string; to: string };

/** emptyAuditFilters is the whole trail. */
export const emptyAuditFilters: AuditFilters = { operator: '', action: '', outcome: '', from: '', to: '' };

/** SortOrder is the order of the time column. */
export type SortOrder = 'desc' | 'asc';

/** dayStart is the RFC 3339 instant at which a YYYY-MM-DD day begins in
 * the operator's time zone, days later; '' for no day. */
export function dayStart(day: string, days = 0): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return '';
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days);
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** auditFilterQuery is the filters and order as query parameters, shared by
 * the page call and the CSV export so the file holds what the table shows.
 * The date range is whole days in the operator's time zone: from the start
 * of the first to the start of the day after the last. */
export function auditFilterQuery(f: AuditFilters, order: SortOrder): Query {
  return { operator: f.operator.trim(), action: f.action.trim(), outcome: f.outcome, from: dayStart(f.from), to: dayStart(f.to, 1), sort: 'time', order };
}
