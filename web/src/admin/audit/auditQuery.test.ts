import { describe, expect, it } from 'vitest';
import { auditFilterQuery, dayStart, emptyAuditFilters } from './auditQuery';

describe('auditFilterQuery', () => {
  it('turns a day into the RFC 3339 instant it starts at, here', () => {
    const s = dayStart('2026-03-01');
    expect(s).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(new Date(s).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(dayStart('2026-02-28', 1)).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(dayStart('')).toBe('');
    expect(dayStart('yesterday')).toBe('');
  });

  it('covers the whole last day of the range', () => {
    const q = auditFilterQuery({ ...emptyAuditFilters, from: '2026-11-01', to: '2026-11-01' }, 'desc');
    expect(new Date(String(q.to)).getTime() - new Date(String(q.from)).getTime()).toBeGreaterThanOrEqual(23 * 3600 * 1000);
  });

  it('trims text filters and leaves empty ones empty', () => {
    expect(auditFilterQuery({ ...emptyAuditFilters, operator: ' ann ' }, 'asc')).toEqual({ operator: 'ann', action: '', outcome: '', from: '', to: '', sort: 'time', order: 'asc' });
  });
});
