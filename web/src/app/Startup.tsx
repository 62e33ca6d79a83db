import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../components/LoadError';
import { PermissionContext } from '../data/permission';
import type { Permission, StatusPage } from '../data/types';
import { applyBroadcastPush, applyMessagePush, unreadMessageQuery } from '../data/messages';
import { applyBalancePush } from '../data/wallet';
import { get, setEncryption } from '../lib/api';
import { chooseImageCDN, chooseLaunchCDN } from '../lib/cdn';
import { openCustomerService } from '../lib/customerService';
import { applyLanguage } from '../lib/i18n';
import { chooseLanguage } from '../lib/language';
import { endSession, useSessionToken } from '../lib/session';
import { connectSocket, socketURL } from '../lib/socket';
import { rememberMerchant } from '../lib/storage';
import { loadAnalytics } from './analytics';
import { ruleFor } from './layout';

// The socket tells an open page within seconds that its status may have
// changed; this poll is the fallback where websockets cannot pass.
const STATUS_POLL_MS = 60_000;

// Startup makes the permission call before anything renders (spec §2):
// status 1 shows the maintenance page, 2 the blocked-region page, 0 the app.
export function Startup({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const { i18n } = useTranslation();
  const permission = useQuery({
    queryKey: ['permission'],
    queryFn: ({ signal }) => get<Permission>('/wps/system/permission', undefined, signal),
    staleTime: Infinity,
    retry: 1,
  });
  const p = permission.data;
  const status = useQuery({
    // Asked once the language is set, so its texts come in that language.
    queryKey: ['status', i18n.language],
    queryFn: ({ signal }) => get<StatusPage>('/wps/system/status', undefined, signal),
    enabled: ready,
    refetchInterval: STATUS_POLL_MS,
  });

  useEffect(() => {
    if (!p) return;
    rememberMerchant(p.merchant.code);
    document.title = p.merchant.name;
    setEncryption(p.encryption);
    chooseImageCDN(p.imageCDNs ?? []);
    chooseLaunchCDN(p.launchGameCDNs ?? []);
    const supported = p.merchant.languages.map((l) => l.code);
    void applyLanguage(chooseLanguage(supported, p.merchant.defaultLanguage, navigator.languages ?? [navigator.language])).then(() => setReady(true));
  }, [p]);

  useEffect(() => {
    if (ready && p) loadAnalytics(p.analytics.gtagId);
  }, [ready, p]);

  useLiveChannel(ready ? p?.merchant.code : undefined);

  if (permission.isError) return <StartupError error={permission.error} onRetry={() => void permission.refetch()} />;
  if (!p || !ready) return <LoadingCover />;
  const code = status.data?.status ?? p.systemStatus;
  return (
    <PermissionContext.Provider value={p}>
      {code === 1 ? <MaintenancePage page={status.data} /> : code === 2 ? <BlockedPage page={status.data} ip={p.location.ip} /> : children}
    </PermissionContext.Provider>
  );
}

// useLiveChannel keeps the page's socket open once the merchant is known,
// above the app so the maintenance page hears too: every page learns of a
// status change in seconds, and a member's page gets the balance and
// unread-message pushes (the socket event listener of spec §2, logged in
// only). A game playing
// in the game popup's frame leaves the channel to the page around it.
function useLiveChannel(merchant: string | undefined) {
  const client = useQueryClient();
  const token = useSessionToken();
  useEffect(() => {
    if (!merchant || ruleFor(window.location.pathname).gameFrame) return;
    const conn = connectSocket({
      url: socketURL(),
      token: token ?? '',
      merchant,
      onStatus: () => void client.invalidateQueries({ queryKey: ['status'] }),
      onBalance: token ? (m) => applyBalancePush(client, token, m) : undefined,
      onMessage: token ? (m) => applyMessagePush(client, token, m) : undefined,
      // A message to many members: the count is asked again.
      onBroadcast: token ? () => applyBroadcastPush(client, token) : undefined,
      // An open deposit page reads its orders again (features/member/cashier).
      onDeposit: token ? () => void client.invalidateQueries({ queryKey: ['deposits', token] }) : undefined,
      // So does an open withdraw page its withdrawals and limits.
      onWithdrawal: token ? () => void client.invalidateQueries({ queryKey: ['withdrawals', token] }) : undefined,
      // A message may have arrived while the link was down.
      onReopen: token ? () => void client.invalidateQueries({ queryKey: unreadMessageQuery(token).queryKey }) : undefined,
      // The server ended the session (a freeze, a forced log-out): so does
      // the page, without waiting for its next call to be refused.
      onLogout: token ? () => endSession() : undefined,
    });
    return () => conn.close();
  }, [merchant, token, client]);
}

// LoadingCover covers the page until the app can render.
export function LoadingCover() {
  return (
    <div className="loading-cover" role="status" aria-label="Loading">
      <span className="spinner-dot" aria-hidden="true" />
    </div>
  );
}

function StartupError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <main className="status-page">
      <LoadError error={error} onRetry={onRetry} />
    </main>
  );
}

function MaintenancePage({ page }: { page?: StatusPage }) {
  const { t } = useTranslation();
  return (
    <StatusLayout title={page?.title || t('status.maintenanceTitle')} testId="maintenance">
      <p>{page?.info || t('status.maintenanceInfo')}</p>
    </StatusLayout>
  );
}

function BlockedPage({ page, ip }: { page?: StatusPage; ip: string }) {
  const { t } = useTranslation();
  return (
    <StatusLayout title={page?.title || t('status.blockedTitle')} testId="blocked">
      <p>{page?.info || t('status.blockedInfo')}</p>
      <p className="blocked-ip">
        {t('status.yourIp')}: <strong dir="ltr">{page?.ip || ip}</strong>
      </p>
    </StatusLayout>
  );
}

function StatusLayout({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const p = useContext(PermissionContext);
  return (
    <main className="status-page" data-testid={testId}>
      <div className="status-card">
        <h1>{title}</h1>
        {children}
        <button type="button" className="button button-primary" onClick={() => p && void openCustomerService(p)}>
          {t('common.customerService')}
        </button>
      </div>
    </main>
  );
}
