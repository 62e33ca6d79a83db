import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { usePermission } from '../../data/permission';
import { useSessionToken } from '../../lib/session';
import { VipPanel } from '../loyalty/VipPanel';
import { promoKinds, usePromotions, useStates, useTrial, type PromoKind } from './api';
import { PromoCard } from './PromoCard';
import { PromotionDetail } from './PromotionDetail';
import { visitorState } from './states';
import './loyalty.css';
import './strings';

// PromotionsPage is /promotions (the list, by kind, and the VIP tab) and
// /promotionDetail?id= (one promotion).
export function PromotionsPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (pathname === '/promotionDetail') return <PromotionDetail id={Number(params.get('id')) || 0} />;
  return <PromotionList />;
}

function PromotionList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const p = usePermission();
  const loggedIn = !!useSessionToken();
  const q = usePromotions();
  const states = useStates();
  // A trial account has no states of its own (the calls are real accounts
  // only): it reads them as a visitor does and a claim says why not.
  const trial = useTrial();
  const ownStates = loggedIn && !trial;
  const list = q.data?.content ?? [];
  // VIP shows for a visitor or when the merchant runs VIP (as the side menu).
  const vip = !loggedIn || p.vip;
  const kinds = promoKinds.filter((k) => list.some((x) => x.kind === k));
  const tabs = ['all', ...kinds, ...(vip ? ['vip'] : [])];
  const tab = tabs.includes(params.get('tab') ?? '') ? params.get('tab')! : 'all';
  const shown = tab === 'all' ? list : list.filter((x) => x.kind === (tab as PromoKind));
  return (
    <div className="page promo-page">
      <h1 className="page-title">{t('promotions.title')}</h1>
      <div className="tabs promo-tabs" role="tablist" aria-label={t('promotions.title')}>
        {tabs.map((k) => (
          <button key={k} type="button" role="tab" className="tab" aria-selected={k === tab} onClick={() => setParams(k === 'all' ? {} : { tab: k })}>
            {k === 'all' ? t('promo.tab.all') : k === 'vip' ? t('promo.tab.vip') : t(`promo.kind.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'vip' ? (
        <VipPanel />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : shown.length === 0 ? (
        <EmptyState title={t('promotions.none')} />
      ) : (
        <>
          {states.isError && <LoadError error={states.error} onRetry={() => void states.refetch()} />}
          <div className="promo-cards">
            {shown.map((x) => (
              <PromoCard key={x.id} promo={x} loggedIn={loggedIn} state={ownStates ? states.data?.states[String(x.id)] : { state: visitorState(x), progress: null, claimable: null, reason: '', claims: 0 }} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
