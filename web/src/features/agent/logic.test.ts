import { describe, expect, it } from 'vitest';
import type { Consolidated, Standing } from '../../data/consolidated';
import { csvPath, downlineParams, payoutParams, processCall, teamParams } from './api';
import { agentPages } from './nav';
import { rangeError, TEAM_BETS_MAX_DAYS } from './period';
import { bpToPercent, percentToBp, periodsFor, validateTiers, type TierDraft } from './tiers';

const range = { start: '2026-03-01', end: '2026-03-10' };

describe('agent call parameters (agent contract)', () => {
  it('asks a parent’s direct downlines, or searches the whole team by username', () => {
    expect(downlineParams(null, '', 1)).toEqual({ parent: undefined, page: 1, pageSize: 20 });
    expect(downlineParams(42, '', 3)).toEqual({ parent: 42, page: 3, pageSize: 20 });
    expect(downlineParams(42, '  bob ', 1)).toEqual({ username: 'bob', page: 1, pageSize: 20 });
  });

  it('sends the period as from/to days and leaves an empty username out', () => {
    expect(teamParams({ range, username: ' ' }, 2)).toEqual({ from: '2026-03-01', to: '2026-03-10', username: undefined, page: 2, pageSize: 20 });
    expect(teamParams({ range, username: 'amy' }, 1)).toMatchObject({ username: 'amy' });
    expect(payoutParams('hourly_salary', 'paid', range, 1)).toEqual({ kind: 'hourly_salary', role: 'paid', from: '2026-03-01', to: '2026-03-10', page: 1, pageSize: 20 });
  });

  it('exports the CSV with the table’s filter and no paging', () => {
    expect(csvPath({ range, username: '' })).toBe('/wps/agent/profit-loss.csv?from=2026-03-01&to=2026-03-10');
    expect(csvPath({ range, username: 'a b' })).toBe('/wps/agent/profit-loss.csv?from=2026-03-01&to=2026-03-10&username=a+b');
  });

  it('processes each kind with the spec’s method and path', () => {
    expect(processCall.dividend).toEqual({ method: 'GET', path: '/wps/agent/process-dividend' });
    expect(processCall.daily_salary).toEqual({ method: 'GET', path: '/wps/agent/process-daily-salary' });
    expect(processCall.hourly_salary).toEqual({ method: 'POST', path: '/wps/agent/process-contract-hour-salary' });
    expect(processCall.realtime_salary).toEqual({ method: 'POST', path: '/wps/agent/real-time-salary-contract' });
  });

  it('limits team bets to 31 days', () => {
    expect(rangeError({ start: '2026-03-01', end: '2026-03-31' }, TEAM_BETS_MAX_DAYS)).toBeNull();
    expect(rangeError({ start: '2026-03-01', end: '2026-04-01' }, TEAM_BETS_MAX_DAYS)).toBe('records.rangeTooLong');
  });
});

const standing = (enabled: boolean): Standing => ({ enabled, offers: 0, active: false, canOffer: false, period: '' });
const consolidated = (on: Partial<Record<keyof Consolidated, boolean>>): Consolidated => ({
  dailysalreq: standing(!!on.dailysalreq),
  divtypereq: standing(!!on.divtypereq),
  contracthoursalreq: standing(!!on.contracthoursalreq),
  realtimesalreqtype: standing(!!on.realtimesalreqtype),
});
const allFlags = { dividend: true, dailySalary: true, hourSalary: true, realtimeSalary: true };
const contractPagesOf = (pages: string[]) => pages.slice(8);

describe('agent centre menu (F-005, F-015..F-018)', () => {
  it('always lists the eight agent pages, overview among them', () => {
    const pages = agentPages({ dividend: false, dailySalary: false, hourSalary: false, realtimeSalary: false });
    expect(pages).toHaveLength(8);
    expect(pages).toContain('agentTeamOverview');
  });

  it('shows a contract page only when the merchant flag and the consolidated kind are both on', () => {
    expect(contractPagesOf(agentPages(allFlags))).toEqual([]);
    expect(contractPagesOf(agentPages(allFlags, consolidated({ divtypereq: true, contracthoursalreq: true })))).toEqual(['agentDividendRecordCopy2', 'agentHourSalary']);
    expect(contractPagesOf(agentPages({ ...allFlags, hourSalary: false }, consolidated({ divtypereq: true, contracthoursalreq: true })))).toEqual(['agentDividendRecordCopy2']);
    expect(contractPagesOf(agentPages(allFlags, consolidated({ dailysalreq: true, realtimesalreqtype: true })))).toEqual(['agentDailyWages2', 'agentRealtimeSalary']);
  });
});

const money = (s: string) => (/^\d+(\.\d{1,2})?$/.test(s) ? Math.round(Number(s) * 100) : null);
const row = (validBet: string, activeMembers: string, rate: string, loss = ''): TierDraft => ({ validBet, activeMembers, rate, loss });

describe('contract tiers', () => {
  it('reads percents with up to 2 decimals as basis points, exactly', () => {
    expect(percentToBp('1.5')).toBe(150);
    expect(percentToBp('0.29')).toBe(29);
    expect(percentToBp('1,25')).toBe(125);
    expect(percentToBp('100')).toBe(10000);
    expect(percentToBp('1.234')).toBeNull();
    expect(percentToBp('abc')).toBeNull();
    expect(bpToPercent(150)).toBe('1.50');
    expect(bpToPercent(5)).toBe('0.05');
  });

  it('accepts non-decreasing thresholds and rates, in minor units and basis points', () => {
    const v = validateTiers([row('100', '1', '0.5'), row('100', '3', '1.2')], 'daily_salary', money);
    expect(v.problems).toEqual([]);
    expect(v.tiers).toEqual([
      { validBet: 10000, activeMembers: 1, loss: 0, rate: 50 },
      { validBet: 10000, activeMembers: 3, loss: 0, rate: 120 },
    ]);
  });

  it('refuses a falling threshold or rate, a zero or over-100 % rate, and more than 10 tiers', () => {
    expect(validateTiers([row('200', '1', '1'), row('100', '1', '2')], 'daily_salary', money).problems).toEqual([{ row: 1, field: 'validBet', key: 'agent.offer.thresholdDecreasing' }]);
    expect(validateTiers([row('100', '1', '2'), row('200', '1', '1')], 'daily_salary', money).problems).toEqual([{ row: 1, field: 'rate', key: 'agent.offer.rateDecreasing' }]);
    expect(validateTiers([row('100', '1', '0')], 'daily_salary', money).problems[0].key).toBe('agent.offer.rateInvalid');
    expect(validateTiers([row('100', '1', '100.01')], 'daily_salary', money).problems[0].key).toBe('agent.offer.rateInvalid');
    expect(validateTiers(Array.from({ length: 11 }, () => row('1', '1', '1')), 'daily_salary', money).problems[0].key).toBe('agent.offer.tierCount');
    expect(validateTiers([], 'daily_salary', money).problems[0].key).toBe('agent.offer.tierCount');
  });

  it('keeps the loss threshold for dividends only', () => {
    expect(validateTiers([row('0', '0', '10', '50')], 'dividend', money).tiers[0].loss).toBe(5000);
    expect(validateTiers([row('0', '0', '10', '50')], 'hourly_salary', money).tiers[0].loss).toBe(0);
    expect(validateTiers([row('0', '0', '10', '50'), row('0', '0', '10', '40')], 'dividend', money).problems).toEqual([{ row: 1, field: 'loss', key: 'agent.offer.thresholdDecreasing' }]);
  });

  it('lets the dividend choose its period and fixes the salaries’', () => {
    expect(periodsFor('dividend')).toEqual(['daily', 'weekly', 'semimonthly', 'monthly']);
    expect(periodsFor('realtime_salary')).toEqual(['realtime']);
  });
});
