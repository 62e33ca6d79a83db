import { withQuery, type Query } from '../lib/api';
import type { WithdrawalStatus } from './withdrawTypes';

/** WithdrawFilter is what the withdrawal queue shows: one status ('all'
 * leaves it out), a username prefix or order id, local days, an order and
 * a page (the deposit queue's shape, which the server takes too). */
export type WithdrawFilter = {
  status: WithdrawalStatus | 'all';
  q: string;
  from: string;
  to: string;
  sort: 'createdAt' | 'amount';
  order: 'asc' | 'desc';
  page: number;
  size: number;
};

/** defaultWithdrawFilter opens on what waits for finance: pending,
 * newest first like the deposit queue. */
export const defaultWithdrawFilter: WithdrawFilter = { status: 'pending', q: '', from: '', to: '', sort: 'createdAt', order: 'desc', page: 1, size: 20 };

/** withdrawalsPath is the queue's API path; .csv after it is the export. */
export const withdrawalsPath = '/admin/api/cashier/withdrawals';

/** withdrawFilterQuery is the filters and order, shared by the page call
 * and the CSV export. */
export function withdrawFilterQuery(f: WithdrawFilter): Query {
  return { status: f.status === 'all' ? '' : f.status, q: f.q.trim(), from: f.from, to: f.to, sort: f.sort, order: f.order };
}

export function withdrawPageQuery(f: WithdrawFilter): Query {
  return { ...withdrawFilterQuery(f), pageNum: f.page, pageSize: f.size };
}

export function withdrawCsvHref(f: WithdrawFilter): string {
  return withQuery(`${withdrawalsPath}.csv`, withdrawFilterQuery(f));
}
