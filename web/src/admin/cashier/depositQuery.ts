import { withQuery, type Query } from '../lib/api';
import type { DepositStatus } from './types';

/** DepositFilter is what the finance queue shows: the API takes one
 * status ('all' leaves it out), a channel, a username prefix or order id,
 * local days, an order and a page. */
export type DepositFilter = {
  status: DepositStatus | 'all';
  channelId: string;
  q: string;
  from: string;
  to: string;
  sort: 'createdAt' | 'amount';
  order: 'asc' | 'desc';
  page: number;
  size: number;
};

/** defaultFilter opens on what waits for finance: submitted orders,
 * newest first. */
export const defaultFilter: DepositFilter = { status: 'submitted', channelId: '', q: '', from: '', to: '', sort: 'createdAt', order: 'desc', page: 1, size: 20 };

/** depositsPath is the queue's API path; .csv after it is the export. */
export const depositsPath = '/admin/api/cashier/deposits';

/** filterQuery is the filters and order, shared by the page call and the
 * CSV export so the file holds what the table shows (every row). */
export function filterQuery(f: DepositFilter): Query {
  return {
    status: f.status === 'all' ? '' : f.status,
    channelId: f.channelId,
    q: f.q.trim(),
    from: f.from,
    to: f.to,
    sort: f.sort,
    order: f.order,
  };
}

/** pageQuery is the page call's query. */
export function pageQuery(f: DepositFilter): Query {
  return { ...filterQuery(f), pageNum: f.page, pageSize: f.size };
}

/** csvHref is the export's address: a plain GET the browser downloads
 * with the session cookie. */
export function csvHref(f: DepositFilter): string {
  return withQuery(`${depositsPath}.csv`, filterQuery(f));
}

/** rangeProblem is what is wrong with a range typed in a form, as a
 * catalogue key, or '' (the server checks again). */
export function rangeProblem(from: string, to: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if ((from && !day.test(from)) || (to && !day.test(to))) return 'cashier.range.invalid';
  if (from && to && from > to) return 'cashier.range.order';
  return '';
}
