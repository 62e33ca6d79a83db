import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { can, useAdminSession } from '../lib/session';
import type { Me } from '../lib/types';
import { ChannelsPanel } from './ChannelsPanel';
import { DepositsPanel } from './DepositsPanel';
import { ReportPanel } from './ReportPanel';
import { WithdrawalsPanel } from './WithdrawalsPanel';
import { WithdrawPolicyPanel } from './WithdrawPolicyPanel';
import './cashier.css';

/** The cashier's tabs (sections.cashier.parts). */
export const cashierTabs = ['deposits', 'withdrawals', 'channels', 'withdrawSettings', 'report'] as const;
/** CashierTab is one of cashierTabs. */
export type CashierTab = (typeof cashierTabs)[number];

/** tabsFor are the tabs an operator's permissions open. Every list is
 * read with cashier.read (as the server checks); cashier.decide and
 * cashier.channels add the actions on them. */
export function tabsFor(me: Me): CashierTab[] {
  return can(me, 'cashier.read') ? [...cashierTabs] : [];
}

/** CashierPage is the finance desk: the deposit queue to approve or
 * reject, the withdrawal queue with its disputes, the payment channels,
 * the withdrawal policy, and the daily report. The tab is in the
 * address, so it can be linked and gone back to. */
export function CashierPage() {
  const { t } = useTranslation();
  const { me } = useAdminSession();
  const [params, setParams] = useSearchParams();
  const tabs = tabsFor(me);
  const asked = params.get('tab') as CashierTab | null;
  const tab = asked && tabs.includes(asked) ? asked : tabs[0];
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  if (!tab) {
    return (
      <section className="admin-page" aria-labelledby="page-cashier">
        <h1 id="page-cashier">{t('sections.cashier.title')}</h1>
        <p className="admin-empty" role="status">
          {t('cashier.needsRead')}
        </p>
      </section>
    );
  }

  const open = (next: CashierTab) => setParams(next === tabs[0] ? {} : { tab: next });

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
    <section className="admin-page" aria-labelledby="page-cashier">
      <div className="admin-page-head">
        <h1 id="page-cashier">{t('sections.cashier.title')}</h1>
        <p className="muted">{t('sections.cashier.summary')}</p>
      </div>
      <div className="csh-tabs" role="tablist" aria-label={t('sections.cashier.title')} onKeyDown={onKey}>
        {tabs.map((id) => (
          <button
            key={id}
            ref={(el) => {
              buttons.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`cashier-tab-${id}`}
            aria-selected={id === tab}
            aria-controls="cashier-panel"
            tabIndex={id === tab ? 0 : -1}
            className={id === tab ? 'csh-tab csh-tab-on' : 'csh-tab'}
            onClick={() => open(id)}
          >
            {t(`sections.cashier.parts.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="cashier-panel" aria-labelledby={`cashier-tab-${tab}`}>
        {tab === 'deposits' && <DepositsPanel />}
        {tab === 'withdrawals' && <WithdrawalsPanel />}
        {tab === 'channels' && <ChannelsPanel />}
        {tab === 'withdrawSettings' && <WithdrawPolicyPanel />}
        {tab === 'report' && <ReportPanel />}
      </div>
    </section>
  );
}
