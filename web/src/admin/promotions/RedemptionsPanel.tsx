import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet, adminPost } from '../lib/api';
import { errorText } from '../lib/errorText';
import { can, useAdminSession } from '../lib/session';
import { promotionsKey } from './keys';
import { count, moneyText, when } from './money';
import { pointsApi } from './PointsPanel';
import { Badge, Confirm, Dialog, Empty, LoadError, held, useNotice } from './ui';
import { redemptionStates, type Page, type Redemption } from './types';

/** RedemptionsPanel is the points-mall review queue: redemptions by
 * status; with promotions.review an applying one is approved (after a
 * confirm) or rejected with a reason. */
export function RedemptionsPanel() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const reviewer = can(me, 'promotions.review');
  const [status, setStatus] = useState('applying');
  const [pageNum, setPageNum] = useState(1);
  const [size, setSize] = useState(20);
  const [approving, setApproving] = useState<Redemption | null>(null);
  const [rejecting, setRejecting] = useState<Redemption | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [notice, say] = useNotice();
  const query = { status, pageNum, pageSize: size };
  const page = useQuery({
    queryKey: [...promotionsKey, 'redemptions', query],
    queryFn: ({ signal }) => adminGet<Page<Redemption>>(`${pointsApi}/redemptions`, query, signal),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: (d: { r: Redemption; approve: boolean; reason?: string }) =>
      d.approve ? adminPost<Redemption>(`${pointsApi}/redemptions/${d.r.id}/approve`, {}) : adminPost<Redemption>(`${pointsApi}/redemptions/${d.r.id}/reject`, { reason: d.reason }),
    onSuccess: (_x, d) => {
      setApproving(null);
      setRejecting(null);
      say(t(d.approve ? 'promotions.redemptions.approved' : 'promotions.redemptions.rejected', { id: d.r.id }));
      void client.invalidateQueries({ queryKey: [...promotionsKey, 'redemptions'] });
    },
    onError: (err) => {
      if (held(err)) {
        setApproving(null);
        setRejecting(null);
        say(t('promotions.held'));
      }
    },
  });
  const close = () => {
    decide.reset();
    setApproving(null);
    setRejecting(null);
    setReason('');
    setProblem('');
  };
  const rows = page.data?.content ?? [];
  return (
    <div className="admin-panel pr-panel">
      <div className="admin-filters">
        <label className="admin-field">
          <span>{t('promotions.list.status')}</span>
          <select
            className="input admin-select"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPageNum(1);
            }}
          >
            <option value="">{t('promotions.all')}</option>
            {redemptionStates.map((s) => (
              <option key={s} value={s}>
                {t(`promotions.state.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {notice}
      {page.isError && <LoadError error={page.error} onRetry={() => void page.refetch()} />}
      <div className="admin-table-wrap">
        <table className="admin-table pr-table" aria-busy={page.isFetching}>
          <caption className="visually-hidden">{t('sections.promotions.parts.redemptions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('promotions.id')}</th>
              <th scope="col">{t('promotions.member')}</th>
              <th scope="col">{t('promotions.points.name')}</th>
              <th scope="col" className="pr-num">
                {t('promotions.points.quantityShort')}
              </th>
              <th scope="col" className="pr-num">
                {t('promotions.points.points')}
              </th>
              <th scope="col" className="pr-num">
                {t('promotions.points.amountRequirement')}
              </th>
              <th scope="col">{t('promotions.list.status')}</th>
              <th scope="col">{t('promotions.redemptions.applyTime')}</th>
              <th scope="col">{t('promotions.redemptions.reference')}</th>
              {reviewer && <th scope="col">{t('promotions.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid={`redemption-${r.id}`}>
                <td>{r.id}</td>
                <td>{r.username}</td>
                <td className="pr-wrap">{r.name}</td>
                <td className="pr-num">{count(r.quantity, i18n.language)}</td>
                <td className="pr-num">{count(r.pointsRequirement, i18n.language)}</td>
                <td className="pr-num">{moneyText(r.amountRequirement, page.data, i18n.language)}</td>
                <td>
                  <Badge state={r.status} />
                  {r.reason && <span className="muted pr-small pr-block">{r.reason}</span>}
                </td>
                <td className="pr-small">{when(r.applyTime, i18n.language)}</td>
                <td className="pr-small">{r.referenceNo || '—'}</td>
                {reviewer && (
                  <td>
                    {r.status === 'applying' && (
                      <div className="pr-actions">
                        <button type="button" className="button button-small" onClick={() => setApproving(r)} aria-label={t('promotions.redemptions.approveOne', { id: r.id })}>
                          {t('promotions.applications.approve')}
                        </button>
                        <button type="button" className="button button-small" onClick={() => setRejecting(r)} aria-label={t('promotions.redemptions.rejectOne', { id: r.id })}>
                          {t('promotions.applications.reject')}
                        </button>
                      </div>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && rows.length === 0 && <Empty text={t('promotions.redemptions.none')} />}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={pageNum}
        totalPages={page.data?.totalPages ?? 0}
        total={page.data?.total ?? 0}
        pageSize={size}
        onPage={setPageNum}
        onSize={(n) => {
          setSize(n);
          setPageNum(1);
        }}
      />
      {approving && (
        <Confirm
          title={t('promotions.redemptions.approveOne', { id: approving.id })}
          text={t('promotions.redemptions.approveEffect', { name: approving.name, user: approving.username })}
          confirm={t('promotions.applications.approve')}
          busy={decide.isPending}
          error={decide.error}
          onConfirm={() => decide.mutate({ r: approving, approve: true })}
          onClose={close}
        />
      )}
      {rejecting && (
        <Dialog title={t('promotions.redemptions.rejectOne', { id: rejecting.id })} onClose={close} busy={decide.isPending}>
          <form
            className="pr-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              decide.reset();
              if (!reason.trim()) return setProblem(t('promotions.problem.reasonRequired'));
              setProblem('');
              decide.mutate({ r: rejecting, approve: false, reason: reason.trim() });
            }}
          >
            <p>{t('promotions.redemptions.rejectEffect')}</p>
            <div className="admin-field">
              <label htmlFor="pr-redeem-reason">{t('promotions.reason')}</label>
              <input id="pr-redeem-reason" className="input" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} aria-invalid={problem ? true : undefined} />
            </div>
            {(problem || (decide.isError && !held(decide.error))) && (
              <p className="admin-error" role="alert">
                {problem || errorText(decide.error, t)}
              </p>
            )}
            <div className="admin-filter-actions">
              <button type="submit" className="button button-small button-primary" disabled={decide.isPending}>
                {t('promotions.applications.reject')}
              </button>
              <button type="button" className="button button-small" onClick={close} disabled={decide.isPending}>
                {t('promotions.cancel')}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </div>
  );
}
