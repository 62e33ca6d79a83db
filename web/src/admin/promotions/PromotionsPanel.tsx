import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminGet, adminPost } from '../lib/api';
import { can, useAdminSession } from '../lib/session';
import { promotionsKey } from './keys';
import { amountText, count, moneyText, when } from './money';
import { PromoBuilder } from './PromoBuilder';
import { nextStatuses } from './promoForm';
import { PromoLedger } from './PromoLedger';
import { Badge, Confirm, Empty, LoadError, held, useNotice } from './ui';
import { promoApi, type AdminPromo, type Money } from './types';

type View = { at: 'list' } | { at: 'edit'; promo: AdminPromo | null } | { at: 'ledger'; promo: AdminPromo };
type StatusAsk = { promo: AdminPromo; status: 'live' | 'paused' | 'ended' };

/** BudgetMeter shows spent against the budget; no budget is said so. */
export function BudgetMeter({ promo, money }: { promo: AdminPromo; money: Money | undefined }) {
  const { t, i18n } = useTranslation();
  const unit = promo.reward.kind;
  const spent = amountText(promo.spent, unit, money, i18n.language);
  if (!promo.budget) return <span className="muted">{t('promotions.list.noBudget', { spent })}</span>;
  const pct = Math.min(100, Math.floor((promo.spent * 100) / promo.budget));
  return (
    <span className="pr-meter-wrap">
      <meter className="pr-meter" min={0} max={promo.budget} value={Math.min(promo.spent, promo.budget)} high={promo.budget * 0.8} optimum={0} aria-label={t('promotions.list.budget')} />
      <span className="pr-small">
        {spent} / {amountText(promo.budget, unit, money, i18n.language)} ({pct} %)
      </span>
    </span>
  );
}

/** PromotionsPanel lists the merchant's promotions with their budget
 * meter; with promotions.write it creates and edits them (the builder)
 * and moves them live, paused or ended after a confirm. A row opens its
 * reward ledger and claims. */
export function PromotionsPanel() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const writer = can(me, 'promotions.write');
  const [view, setView] = useState<View>({ at: 'list' });
  const [ask, setAsk] = useState<StatusAsk | null>(null);
  const [notice, say] = useNotice();
  const list = useQuery({
    queryKey: [...promotionsKey, 'list'],
    queryFn: ({ signal }) => adminGet<{ content: AdminPromo[] } & Money>(promoApi, undefined, signal),
  });
  const money = list.data;
  const status = useMutation({
    mutationFn: (a: StatusAsk) => adminPost<AdminPromo>(`${promoApi}/${a.promo.id}/status`, { status: a.status }),
    onSuccess: (_p, a) => {
      setAsk(null);
      say(t(`promotions.status.done.${a.status}`, { title: titleOf(a.promo) }));
      void client.invalidateQueries({ queryKey: promotionsKey });
    },
    onError: (err) => {
      if (held(err)) {
        setAsk(null);
        say(t('promotions.held'));
      }
    },
  });

  if (view.at === 'edit') {
    return (
      <div className="admin-panel pr-panel">
        <PromoBuilder
          promo={view.promo}
          money={money}
          onCancel={() => setView({ at: 'list' })}
          onSaved={(text) => {
            setView({ at: 'list' });
            say(text);
          }}
        />
      </div>
    );
  }
  if (view.at === 'ledger') {
    return (
      <div className="admin-panel pr-panel">
        <PromoLedger promo={view.promo} onBack={() => setView({ at: 'list' })} />
      </div>
    );
  }

  const rows = list.data?.content ?? [];
  return (
    <div className="admin-panel pr-panel">
      {writer && (
        <div className="admin-filter-actions">
          <button type="button" className="button button-small button-primary" onClick={() => setView({ at: 'edit', promo: null })}>
            {t('promotions.list.new')}
          </button>
        </div>
      )}
      {notice}
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <div className="admin-table-wrap">
        <table className="admin-table pr-table" aria-busy={list.isFetching}>
          <caption className="visually-hidden">{t('sections.promotions.parts.promotions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('promotions.id')}</th>
              <th scope="col">{t('promotions.list.title')}</th>
              <th scope="col">{t('promotions.list.status')}</th>
              <th scope="col">{t('promotions.list.kind')}</th>
              <th scope="col">{t('promotions.list.window')}</th>
              <th scope="col">{t('promotions.list.budget')}</th>
              <th scope="col" className="pr-num">
                {t('promotions.list.claims')}
              </th>
              <th scope="col" className="pr-num">
                {t('promotions.list.cost')}
              </th>
              <th scope="col">{t('promotions.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id} data-testid={`promo-${p.id}`}>
                <td>{p.id}</td>
                <td className="pr-wrap">{titleOf(p)}</td>
                <td>
                  <Badge state={p.status} />
                </td>
                <td>{t(`promotions.kind.${p.kind}`)}</td>
                <td className="pr-small">
                  {when(p.startsAt, i18n.language)}
                  <span className="pr-block muted">{p.endsAt ? when(p.endsAt, i18n.language) : t('promotions.list.noEnd')}</span>
                </td>
                <td>
                  <BudgetMeter promo={p} money={money} />
                </td>
                <td className="pr-num">
                  {count(p.claims, i18n.language)}
                  {p.totalLimit > 0 && <span className="muted"> / {count(p.totalLimit, i18n.language)}</span>}
                </td>
                <td className="pr-num">{p.reward.kind === 'points' ? amountText(p.spent, 'points', money, i18n.language) : moneyText(p.spent, money, i18n.language)}</td>
                <td>
                  <div className="pr-actions">
                    <button type="button" className="button button-small" onClick={() => setView({ at: 'ledger', promo: p })} aria-label={t('promotions.ledger.openOne', { id: p.id })}>
                      {t('promotions.ledger.open')}
                    </button>
                    {writer && (
                      <button type="button" className="button button-small" onClick={() => setView({ at: 'edit', promo: p })} aria-label={t('promotions.list.editOne', { id: p.id })}>
                        {t('promotions.list.edit')}
                      </button>
                    )}
                    {writer &&
                      nextStatuses(p.status).map((s) => (
                        <button key={s} type="button" className="button button-small" onClick={() => setAsk({ promo: p, status: s })}>
                          {t(`promotions.status.to.${s}`)}
                        </button>
                      ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isSuccess && rows.length === 0 && <Empty text={t('promotions.list.none')} />}
        {list.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      {ask && (
        <Confirm
          title={t(`promotions.status.to.${ask.status}`)}
          text={t(`promotions.status.effect.${ask.status}`, { title: titleOf(ask.promo) })}
          confirm={t('promotions.status.confirm')}
          busy={status.isPending}
          error={status.error}
          onConfirm={() => status.mutate(ask)}
          onClose={() => {
            status.reset();
            setAsk(null);
          }}
        />
      )}
    </div>
  );
}

/** titleOf is a promotion's title in the list: the server's, else the
 * first language's. */
export function titleOf(p: AdminPromo): string {
  if (p.title) return p.title;
  const first = Object.values(p.texts ?? {}).find((tx) => tx?.title);
  return first?.title ?? `#${p.id}`;
}
