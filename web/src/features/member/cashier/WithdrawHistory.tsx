import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { WITHDRAW_PAGE_SIZE, useWithdrawals, withdrawalStatuses, type WithdrawalStatus } from './withdrawApi';
import { WithdrawalCard } from './WithdrawalCard';

/** WithdrawHistory is "My withdrawals", newest first, each one a card
 * with what can be done with it (cancel, confirm the receipt). The
 * socket's withdrawal push has it asked again (src/app/Startup). */
export function WithdrawHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WithdrawalStatus | ''>('');
  const q = useWithdrawals(page, status);
  const totalPages = q.data ? Math.ceil(q.data.total / WITHDRAW_PAGE_SIZE) : 0;
  return (
    <section className="cashier-history" aria-labelledby="withdraw-history-title">
      <div className="cashier-history-head">
        <h3 id="withdraw-history-title">{t('cashier.withdraw.history')}</h3>
        <label className="cashier-filter">
          <span>{t('cashier.history.status')}</span>
          <select
            className="input"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as WithdrawalStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t('cashier.history.all')}</option>
            {withdrawalStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`cashier.wStatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {q.isError && !q.data ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : q.data.list.length === 0 ? (
        <EmptyState title={t('cashier.withdraw.empty')} />
      ) : (
        <>
          <div className="withdraw-list">
            {q.data.list.map((w) => (
              <WithdrawalCard key={w.id} withdrawal={w} />
            ))}
          </div>
          {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onPage={setPage} range={5} />}
        </>
      )}
    </section>
  );
}
