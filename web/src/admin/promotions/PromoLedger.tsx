import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet, withQuery } from '../lib/api';
import { promotionsKey } from './keys';
import { amountText, count, when } from './money';
import { titleOf } from './PromotionsPanel';
import { Badge, Empty, LoadError } from './ui';
import { promoApi, type AdminPromo, type Claim, type Ledger, type Page } from './types';

/** PromoLedger is one promotion's reward ledger (cost, claims, members,
 * bonus converted and forfeited, budget) and its claims, paged, with the
 * same list as CSV. */
export function PromoLedger({ promo, onBack }: { promo: AdminPromo; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [size, setSize] = useState(20);
  const ledger = useQuery({
    queryKey: [...promotionsKey, 'ledger', promo.id],
    queryFn: ({ signal }) => adminGet<Ledger>(`${promoApi}/${promo.id}/ledger`, undefined, signal),
  });
  const query = { pageNum, pageSize: size };
  const claims = useQuery({
    queryKey: [...promotionsKey, 'claims', promo.id, query],
    queryFn: ({ signal }) => adminGet<Page<Claim>>(`${promoApi}/${promo.id}/claims`, query, signal),
    placeholderData: keepPreviousData,
  });
  const l = ledger.data;
  const unit = promo.reward.kind;
  const amt = (v: number, kind: string = unit) => amountText(v, kind, l ?? claims.data, i18n.language);
  const rows = claims.data?.content ?? [];
  const figures: [string, string][] = l
    ? [
        ['cost', amt(l.cost)],
        ['claims', count(l.claims, i18n.language)],
        ['members', count(l.members, i18n.language)],
        ['converted', amt(l.converted)],
        ['forfeited', amt(l.forfeited)],
        ['budget', l.budget ? amt(l.budget) : t('promotions.ledger.noBudget')],
        ['spent', amt(l.spent)],
      ]
    : [];
  return (
    <div className="pr-panel" data-testid="promo-ledger">
      <div className="pr-head">
        <button type="button" className="button button-small" onClick={onBack}>
          {t('promotions.back')}
        </button>
        <a className="button button-small" href={withQuery(`${promoApi}/${promo.id}/claims`, { format: 'csv' })} download data-testid="claims-csv">
          {t('promotions.ledger.csv')}
        </a>
      </div>
      <section className="pr-box" aria-label={t('promotions.ledger.title', { title: titleOf(promo) })}>
        <h3>
          {t('promotions.ledger.title', { title: titleOf(promo) })} <Badge state={promo.status} />
        </h3>
        {ledger.isError && <LoadError error={ledger.error} onRetry={() => void ledger.refetch()} />}
        {l && (
          <dl className="admin-dl pr-figures">
            {figures.map(([k, v]) => (
              <div key={k}>
                <dt>{t(`promotions.ledger.${k}`)}</dt>
                <dd data-testid={`ledger-${k}`}>{v}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      {claims.isError && <LoadError error={claims.error} onRetry={() => void claims.refetch()} />}
      <div className="admin-table-wrap">
        <table className="admin-table pr-table" aria-busy={claims.isFetching}>
          <caption className="visually-hidden">{t('promotions.ledger.claimsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('promotions.id')}</th>
              <th scope="col">{t('promotions.member')}</th>
              <th scope="col">{t('promotions.list.status')}</th>
              <th scope="col" className="pr-num">
                {t('promotions.amount')}
              </th>
              <th scope="col">{t('promotions.createdAt')}</th>
              <th scope="col">{t('promotions.decided')}</th>
              <th scope="col">{t('promotions.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} data-testid={`claim-${c.id}`}>
                <td>{c.id}</td>
                <td>
                  {c.username}
                  <span className="muted pr-small pr-block">#{c.memberId}</span>
                </td>
                <td>
                  <Badge state={c.state} />
                </td>
                <td className="pr-num">{amt(c.amount, c.rewardKind)}</td>
                <td className="pr-small">{when(c.createdAt, i18n.language)}</td>
                <td className="pr-small">
                  {when(c.decidedAt, i18n.language)}
                  {c.decidedBy && <span className="muted pr-block">{c.decidedBy}</span>}
                </td>
                <td className="pr-wrap">{c.reason || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {claims.isSuccess && rows.length === 0 && <Empty text={t('promotions.ledger.noClaims')} />}
        {claims.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={pageNum}
        totalPages={claims.data?.totalPages ?? 0}
        total={claims.data?.total ?? 0}
        pageSize={size}
        onPage={setPageNum}
        onSize={(n) => {
          setSize(n);
          setPageNum(1);
        }}
      />
    </div>
  );
}
