import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { get } from '../lib/api';
import { useSessionToken } from '../lib/session';
import { useMember } from './member';
import { PermissionContext } from './permission';

// The member's standing in each agent contract kind (issue 15): whether
// the merchant runs it, offers awaiting the member's answer, an active
// contract, and whether the member may offer it further down.
export type Standing = { enabled: boolean; offers: number; active: boolean; canOffer: boolean; period: string };

export type ContractKind = 'daily_salary' | 'hourly_salary' | 'realtime_salary' | 'dividend';
export const contractKinds: ContractKind[] = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'];

// The consolidated answer names each kind by the spec's old request names.
export type Consolidated = { dailysalreq: Standing; divtypereq: Standing; contracthoursalreq: Standing; realtimesalreqtype: Standing };

export const standingKey: Record<ContractKind, keyof Consolidated> = {
  daily_salary: 'dailysalreq',
  dividend: 'divtypereq',
  hourly_salary: 'contracthoursalreq',
  realtime_salary: 'realtimesalreqtype',
};

export function standingOf(c: Consolidated | undefined, kind: ContractKind): Standing | undefined {
  return c?.[standingKey[kind]];
}

// The first element is what invalidation names; the token keeps one
// member's standing from being shown to the next one logged in.
export const CONSOLIDATED_KEY = ['consolidated'] as const;

// useConsolidated is read by the agent centre's menu, its contract pages
// and the contract popup. It is asked once per session (staleTime
// Infinity, checklist) and refreshed only when a contract
// changes (invalidateConsolidated); a trial account or a merchant without
// the agent policy never asks.
export function useConsolidated() {
  const token = useSessionToken();
  const { member } = useMember();
  // Read without usePermission's throw: the popup host also runs where no
  // start-up answer is given (its tests); no answer means not asked.
  const p = useContext(PermissionContext);
  const client = useQueryClient();
  const enabled = !!token && !!member && !member.isTrial && !!p?.agentPolicy;
  useEffect(() => {
    if (!token) client.removeQueries({ queryKey: CONSOLIDATED_KEY });
  }, [token, client]);
  return useQuery({
    queryKey: [...CONSOLIDATED_KEY, token],
    queryFn: ({ signal }) => get<Consolidated>('/wps/member/info/funds/consolidated', undefined, signal),
    enabled,
    staleTime: Infinity,
  });
}

export function invalidateConsolidated(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: CONSOLIDATED_KEY });
}

// pendingOffers counts the offers awaiting the member's answer over all kinds.
export function pendingOffers(c: Consolidated | undefined): number {
  if (!c) return 0;
  return contractKinds.reduce((n, k) => n + (standingOf(c, k)?.offers ?? 0), 0);
}

// The contract popup opens by itself once per browser session (F-019).
const SHOWN_KEY = 'contractOffersShown';

export function contractPopupShown(): boolean {
  return sessionStorage.getItem(SHOWN_KEY) === '1';
}

export function markContractPopupShown(): void {
  sessionStorage.setItem(SHOWN_KEY, '1');
}
