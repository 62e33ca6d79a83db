import { useQuery } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BalanceView } from '../../components/BalanceView';
import { CountBadge } from '../../components/CountBadge';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useUnreadMessages } from '../../data/messages';
import { usePermission } from '../../data/permission';
import type { Member } from '../../data/types';
import { get } from '../../lib/api';
import { lazyPage } from '../../lib/lazyPage';
import { useRewardsSummary } from '../promotions/api';
import '../promotions/strings';
import { LazyBankAccountsSection, LazyPaymentPasswordSection } from './cashier/security';
import { ContactSection } from './ContactSection';
import { ProfileSection } from './ProfileSection';
import { ProtectionSection } from './ProtectionSection';
import { ReferralSection } from './ReferralSection';
import { TotpSection } from './TotpSection';
import { WalletSection } from './WalletSection';

// The reports and the messages are their own chunks: most visits to the
// member centre open one of them at most.
const chunks: Record<string, ComponentType> = {
  personalHistoryCopy: lazyPage(() => import('./records/BetRecord').then((m) => ({ default: m.BetRecord }))),
  transactionHistory: lazyPage(() => import('./records/AccountRecord').then((m) => ({ default: m.AccountRecord }))),
  personalProfit: lazyPage(() => import('./records/ProfitReport').then((m) => ({ default: m.ProfitReport }))),
  messageV2: lazyPage(() => import('./messages/MessagesPage').then((m) => ({ default: m.MessagesPage }))),
  depositv2: lazyPage(() => import('./cashier/DepositPage').then((m) => ({ default: m.DepositPage }))),
  withdraw: lazyPage(() => import('./cashier/WithdrawPage').then((m) => ({ default: m.WithdrawPage }))),
  transferUpline: lazyPage(() => import('./cashier/TransferUplinePage').then((m) => ({ default: m.TransferUplinePage }))),
  bonusDetails: lazyPage(() => import('./bonus/BonusDetails').then((m) => ({ default: m.BonusDetails }))),
  rewardCenter: lazyPage(() => import('./rewards/RewardCenter').then((m) => ({ default: m.RewardCenter }))),
  manualRebate: lazyPage(() => import('./rebate/ManualRebate').then((m) => ({ default: m.ManualRebate }))),
};

function useMemberInfo() {
  return useQuery({ queryKey: ['memberInfo'], queryFn: ({ signal }) => get<Member & { mobileNum: string; email: string }>('/wps/member/info', undefined, signal) });
}

// The member centre's pages (spec §2), securityCenter first and default.
export const memberPages = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
];

export function MemberPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Referral shows only while the merchant's switch is on.
  const referral = usePermission().referral;
  const pages = memberPages.filter((p) => p !== 'referral' || referral);
  const page = pages.includes(params.get('page') ?? '') ? params.get('page')! : 'securityCenter';
  const trial = useMemberInfo().data?.isTrial;
  // Red count badges (spec §2, E-013..E-015): unread messages, rewards
  // waiting for a claim; missions come with their slice and count 0 until
  // then (CountBadge shows nothing at 0).
  const unread = useUnreadMessages();
  const rewards = useRewardsSummary().data?.count ?? 0;
  const badges: Record<string, { count: number; label: string }> = {
    messageV2: { count: unread, label: t('messages.unreadCount', { count: unread }) },
    rewardCenter: { count: rewards, label: t('rewards.badge', { count: rewards }) },
    missionLeaderboard: { count: 0, label: '' },
  };
  const Chunk = chunks[page];
  return (
    <div className="page member-page">
      <h1 className="page-title">{t('member.title')}</h1>
      <div className="member-layout">
        <div className="member-side">
          <BalanceView trial={trial} className="member-balance" />
          <nav aria-label={t('member.title')}>
            <ul className="member-nav">
              {pages.map((p) => (
                <li key={p}>
                  <Link to={`/member?page=${p}`} aria-current={p === page ? 'page' : undefined}>
                    {t(`member.page.${p}`)}
                    {badges[p] && <CountBadge count={badges[p].count} label={badges[p].label} />}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <section className="member-content" aria-label={t(`member.page.${page}`)}>
          <h2>{t(`member.page.${page}`)}</h2>
          {page === 'securityCenter' ? (
            <SecurityCenter />
          ) : page === 'transferFund' ? (
            <WalletSection />
          ) : page === 'referral' ? (
            <ReferralSection />
          ) : Chunk ? (
            <Suspense fallback={<Spinner />}>
              <Chunk />
            </Suspense>
          ) : (
            <EmptyState title={t('member.notYet')} />
          )}
        </section>
      </div>
    </div>
  );
}

function SecurityCenter() {
  const { t } = useTranslation();
  const q = useMemberInfo();
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const m = q.data;
  return (
    <>
    <dl className="facts">
      <dt>{t('form.username')}</dt>
      <dd>{m.account}</dd>
      <dt>ID</dt>
      <dd>{m.id}</dd>
      {m.hasVip && (
        <>
          <dt>VIP</dt>
          <dd>{m.vipLabelName}</dd>
        </>
      )}
      <dt>{t('form.mobileNum')}</dt>
      <dd dir="ltr">{m.mobileNum || '—'}</dd>
      <dt>{t('form.email')}</dt>
      <dd>{m.email || '—'}</dd>
    </dl>
    {!m.isTrial && <ProfileSection />}
    {!m.isTrial && <ContactSection />}
    {!m.isTrial && <TotpSection />}
    {!m.isTrial && <ProtectionSection />}
    {!m.isTrial && <LazyPaymentPasswordSection />}
    {!m.isTrial && <LazyBankAccountsSection />}
    </>
  );
}
