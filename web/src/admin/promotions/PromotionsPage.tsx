import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { can, useAdminSession } from '../lib/session';
import { ApplicationsPanel } from './ApplicationsPanel';
import { BonusPanel } from './BonusPanel';
import { PointsPanel } from './PointsPanel';
import { PromotionsPanel } from './PromotionsPanel';
import { RebatePanel } from './RebatePanel';
import { RedemptionsPanel } from './RedemptionsPanel';
import { VipPanel } from './VipPanel';
import './promotions.css';

/** The section's tabs (sections.promotions.parts). */
export const promotionTabs = ['promotions', 'applications', 'bonus', 'points', 'redemptions', 'vip', 'rebate'] as const;
export type PromotionTab = (typeof promotionTabs)[number];

/** PromotionsPage is marketing's back office: the promotions and their
 * builder, the applications queue, bonus grants, the points mall, VIP
 * levels and rebate. Every list is read with promotions.read, as the
 * server checks; promotions.write and promotions.review add the actions.
 * The tab is in the address. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const { me } = useAdminSession();
  const [params, setParams] = useSearchParams();
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  const tabs: PromotionTab[] = can(me, 'promotions.read') ? [...promotionTabs] : [];
  const asked = params.get('tab') as PromotionTab | null;
  const tab = asked && tabs.includes(asked) ? asked : tabs[0];
  if (!tab) {
    return (
      <section className="admin-page" aria-labelledby="page-promotions">
        <h1 id="page-promotions">{t('sections.promotions.title')}</h1>
        <p className="admin-empty" role="status">
          {t('promotions.needsRead')}
        </p>
      </section>
    );
  }

  const open = (next: PromotionTab) => setParams(next === tabs[0] ? {} : { tab: next });
  // Arrow keys, Home and End move between the tabs (the ARIA tabs pattern).
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.indexOf(tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    open(next);
    buttons.current[next]?.focus();
  };

  return (
    <section className="admin-page" aria-labelledby="page-promotions">
      <div className="admin-page-head">
        <h1 id="page-promotions">{t('sections.promotions.title')}</h1>
        <p className="muted">{t('sections.promotions.summary')}</p>
      </div>
      <div className="pr-tabs" role="tablist" aria-label={t('sections.promotions.title')} onKeyDown={onKey}>
        {tabs.map((id) => (
          <button
            key={id}
            ref={(el) => {
              buttons.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`promotions-tab-${id}`}
            aria-selected={id === tab}
            aria-controls="promotions-panel"
            tabIndex={id === tab ? 0 : -1}
            className={id === tab ? 'pr-tab pr-tab-on' : 'pr-tab'}
            onClick={() => open(id)}
          >
            {t(`sections.promotions.parts.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="promotions-panel" aria-labelledby={`promotions-tab-${tab}`}>
        {tab === 'promotions' && <PromotionsPanel />}
        {tab === 'applications' && <ApplicationsPanel />}
        {tab === 'bonus' && <BonusPanel />}
        {tab === 'points' && <PointsPanel />}
        {tab === 'redemptions' && <RedemptionsPanel />}
        {tab === 'vip' && <VipPanel />}
        {tab === 'rebate' && <RebatePanel />}
      </div>
    </section>
  );
}
