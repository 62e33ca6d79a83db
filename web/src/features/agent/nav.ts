import { standingOf, type Consolidated, type ContractKind } from '../../data/consolidated';

export type MerchantFlags = { dividend: boolean; dailySalary: boolean; hourSalary: boolean; realtimeSalary: boolean };

// The contract pages and the merchant switch and consolidated kind each
// depends on (F-005, F-015..F-018).
export const contractPages: { page: string; flag: keyof MerchantFlags; kind: ContractKind }[] = [
  { page: 'agentDividendRecordCopy2', flag: 'dividend', kind: 'dividend' },
  { page: 'agentDailyWages2', flag: 'dailySalary', kind: 'daily_salary' },
  { page: 'agentHourSalary', flag: 'hourSalary', kind: 'hourly_salary' },
  { page: 'agentRealtimeSalary', flag: 'realtimeSalary', kind: 'realtime_salary' },
];

export function kindOfPage(page: string): ContractKind | undefined {
  return contractPages.find((p) => p.page === page)?.kind;
}

// agentPages are the agent centre's pages (spec §2). A salary or dividend
// page shows only when the merchant runs it (the permission flag) and the
// consolidated call says the kind is enabled: until it answers, or when it
// is refused (agent policy off), those pages stay out of the menu.
export function agentPages(flags: MerchantFlags, consolidated?: Consolidated): string[] {
  return [
    'agentAnnouncement',
    'agentTeamOverview',
    'registerCenter',
    'downlineManagmentView',
    'personalHistoryCopy',
    'palStatementsAgentCopy',
    'agentRevenueReport',
    'agentDownlineTransactionDetailsCopy',
    ...contractPages.filter((p) => flags[p.flag] && !!standingOf(consolidated, p.kind)?.enabled).map((p) => p.page),
  ];
}
