import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatAmount, formatTime } from '../lib/format';
import { can, useAdminSession } from '../lib/session';
import type { Page } from '../lib/types';
import { DecisionDialog, type Decision } from './DecisionDialog';
import { DepositFilters } from './DepositFilters';
import { csvHref, defaultFilter, depositsPath, pageQuery, type DepositFilter } from './depositQuery';
import { Modal } from './Modal';
import { approvable, rejectable, type AdminDeposit } from './types';

/** depositsKey is every page of the queue, asked again after a decision. */
export const depositsKey = ['admin', 'cashier', 'deposits'];

/** DepositsPanel is the finance queue: deposits filtered, sorted and paged
 * on the server, each proof viewable, and approve or reject for an
 * operator who may decide. */
export function DepositsPanel() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const [filter, setFilter] = useState<DepositFilter>(defaultFilter);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [proof, setProof] = useState<AdminDeposit | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const query = pageQuery(filter);
  const page = useQuery({
    queryKey: [...depositsKey, query],
    queryFn: ({ signal }) => adminGet<Page<AdminDeposit>>(depositsPath, query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = page.data?.content ?? [];
  const decide = can(me, 'cashier.decide');
  const update = (patch: Partial<DepositFilter>) => setFilter((f) => ({ ...f, ...patch }));

  const sortButton = (key: DepositFilter['sort'], label: string) => {
    const on = filter.sort === key;
    return (
      <th scope="col" className={key === 'amount' ? 'csh-num' : undefined} aria-sort={on ? (filter.order === 'desc' ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="admin-sort" onClick={() => update({ sort: key, order: on && filter.order === 'desc' ? 'asc' : 'desc', page: 1 })}>
          {label}
          <span aria-hidden="true">{on ? (filter.order === 'desc' ? ' ↓' : ' ↑') : ' ↕'}</span>
        </button>
      </th>
    );
  };
  const money = (v: string, currency: string) => `${formatAmount(v, i18n.language)} ${currency}`;

  return (
    <div className="admin-panel csh-panel">
      <DepositFilters key={JSON.stringify(filter)} filter={filter} onApply={(patch) => update({ ...patch, page: 1 })} csv={csvHref(filter)} />
      {outcome && (
        <p className={outcome.ok ? 'admin-notice' : 'admin-error'} role={outcome.ok ? 'status' : 'alert'} data-testid="cashier-outcome">
          {outcome.text}
        </p>
      )}
      {page.isError && (
        <p className="admin-error" role="alert">
          {errorText(page.error, t)}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table csh-table" aria-busy={page.isFetching}>
          <caption className="visually-hidden">{t('sections.cashier.parts.deposits')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('cashier.deposits.id')}</th>
              {sortButton('createdAt', t('cashier.deposits.createdAt'))}
              <th scope="col">{t('cashier.deposits.username')}</th>
              <th scope="col">{t('cashier.deposits.channel')}</th>
              {sortButton('amount', t('cashier.deposits.amount'))}
              <th scope="col" className="csh-num">
                {t('cashier.deposits.fee')}
              </th>
              <th scope="col" className="csh-num">
                {t('cashier.deposits.credit')}
              </th>
              <th scope="col">{t('cashier.deposits.status')}</th>
              <th scope="col">{t('cashier.deposits.reference')}</th>
              <th scope="col">{t('cashier.deposits.decided')}</th>
              <th scope="col">{t('cashier.deposits.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid={`deposit-${r.id}`}>
                <td>{r.id}</td>
                <td>{formatTime(r.createdAt, i18n.language)}</td>
                <td>{r.username}</td>
                <td>
                  {r.channelName}
                  <span className="muted csh-small csh-block">{t(`cashier.gateway.${r.gateway}`)}</span>
                  {r.pspOrderId && <span className="muted csh-small csh-block">{r.pspOrderId}</span>}
                </td>
                <td className="csh-num">
                  {money(r.amount, r.currency)}
                  {r.paidAmount && r.paidAmount !== r.amount && (
                    <span className="csh-small csh-block csh-paid">{t('cashier.deposits.paid', { amount: money(r.paidAmount, r.currency) })}</span>
                  )}
                </td>
                <td className="csh-num">{money(r.fee, r.currency)}</td>
                <td className="csh-num">{money(r.credit, r.currency)}</td>
                <td>
                  <span className={`admin-badge csh-status-${r.status}`}>{t(`cashier.status.${r.status}`)}</span>
                  {r.reason && <span className="muted csh-small csh-block">{r.reason}</span>}
                </td>
                <td>{r.reference || '—'}</td>
                <td>
                  {r.decidedAt ? (
                    <>
                      {formatTime(r.decidedAt, i18n.language)}
                      <span className="muted csh-small csh-block">{r.decidedBy}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <div className="csh-actions">
                    {r.proofUrl && (
                      <button type="button" className="button button-small" onClick={() => setProof(r)}>
                        {t('cashier.deposits.proof')}
                      </button>
                    )}
                    {decide && approvable.includes(r.status) && (
                      <button type="button" className="button button-small button-primary" onClick={() => setDecision({ row: r, action: 'approve' })}>
                        {t('cashier.decide.approve')}
                      </button>
                    )}
                    {decide && rejectable.includes(r.status) && (
                      <button type="button" className="button button-small admin-danger" onClick={() => setDecision({ row: r, action: 'reject' })}>
                        {t('cashier.decide.reject')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && rows.length === 0 && (
          <p className="admin-empty-row" role="status">
            {t('cashier.deposits.none')}
          </p>
        )}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={filter.page}
        totalPages={page.data?.totalPages ?? 0}
        total={page.data?.total ?? 0}
        pageSize={filter.size}
        onPage={(n) => update({ page: n })}
        onSize={(n) => update({ size: n, page: 1 })}
      />
      {decision && (
        <DecisionDialog
          decision={decision}
          onClose={() => setDecision(null)}
          onDone={(text) => {
            setDecision(null);
            setOutcome({ ok: true, text });
            void client.invalidateQueries({ queryKey: depositsKey });
          }}
        />
      )}
      {proof && (
        <Modal title={t('cashier.deposits.proofTitle', { id: proof.id })} onClose={() => setProof(null)}>
          <img className="csh-proof" src={proof.proofUrl} alt={t('cashier.deposits.proofAlt', { id: proof.id, username: proof.username })} />
          <p>
            <a href={proof.proofUrl} target="_blank" rel="noreferrer">
              {t('cashier.deposits.proofOpen')}
            </a>
          </p>
        </Modal>
      )}
    </div>
  );
}
