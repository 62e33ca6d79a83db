import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, emptyDraft, validateChannel, vipList, type ChannelDraft } from './channelForm';
import { csvHref, defaultFilter, pageQuery, rangeProblem } from './depositQuery';

const good: ChannelDraft = {
  ...emptyDraft,
  code: 'aba',
  name: 'ABA Bank',
  min: '10.00',
  max: '5000.00',
  bankName: 'ABA',
  accountName: 'Demo Co',
  accountNumber: '000123456',
};

describe('validateChannel', () => {
  it('accepts a complete manual channel', () => expect(validateChannel(good, true)).toEqual({}));

  it.each<[string, Partial<ChannelDraft>, string, string]>([
    ['a one-letter code', { code: 'a' }, 'code', 'code'],
    ['a code with capitals', { code: 'ABA' }, 'code', 'code'],
    ['a code with a space', { code: 'ab a' }, 'code', 'code'],
    ['no name', { name: '  ' }, 'name', 'required'],
    ['a p2p channel not matched', { kind: 'p2p' }, 'gateway', 'match'],
    ['the match gateway for a bank channel', { gateway: 'match' }, 'gateway', 'match'],
    ['a matched p2p channel', { kind: 'p2p', gateway: 'match' }, '', ''],
    ['a lowercase currency', { currency: 'usd' }, 'currency', 'currency'],
    ['a zero minimum', { min: '0.00' }, 'min', 'amount'],
    ['a negative minimum', { min: '-1' }, 'min', 'amount'],
    ['a maximum below the minimum', { min: '100.00', max: '99.99' }, 'max', 'range'],
    ['a maximum below the minimum, by digits', { min: '9.5', max: '10' }, '', ''],
    ['fee basis points above 100%', { feeBps: '10001' }, 'feeBps', 'bps'],
    ['fractional basis points', { feeBps: '1.5' }, 'feeBps', 'bps'],
    ['a fixed fee with letters', { feeFixed: '1e3' }, 'feeFixed', 'amount'],
    ['a negative daily count', { dailyCount: '-1' }, 'dailyCount', 'whole'],
    ['a daily amount with two points', { dailyAmount: '1.0.0' }, 'dailyAmount', 'amount'],
    ['VIP levels with a word', { vipLevels: '1, gold' }, 'vipLevels', 'vip'],
    ['a manual channel without its account number', { accountNumber: '' }, 'accountNumber', 'required'],
    ['a bad language code', { instructions: [{ lang: 'english', text: 'x' }] }, 'instructions.0', 'lang'],
    ['a language twice', { instructions: [{ lang: 'en', text: 'a' }, { lang: 'EN', text: 'b' }] }, 'instructions.1', 'langTwice'],
    ['a language with a bad region', { instructions: [{ lang: 'PT-BRA', text: 'a' }] }, 'instructions.0', 'lang'],
  ])('refuses %s', (_, change, field, problem) => {
    const p = validateChannel({ ...good, ...change }, true);
    if (!field) expect(p).toEqual({});
    else expect(p).toEqual({ [field]: problem });
  });

  it('does not judge the code of an existing channel, nor bank details of a sim one', () => {
    expect(validateChannel({ ...good, code: 'Legacy Code', gateway: 'sim', bankName: '', accountName: '', accountNumber: '' }, false)).toEqual({});
  });
});

describe('bodyOf and draftOf', () => {
  it('leaves out empty instructions and the bank of a sim channel, and reads VIP levels', () => {
    const body = bodyOf({ ...good, gateway: 'sim', vipLevels: ' 3,1, 3 ', instructions: [{ lang: 'EN', text: ' Pay ' }, { lang: 'km', text: '' }] });
    expect(body).toMatchObject({ gateway: 'sim', bank: null, vipLevels: [1, 3], instructions: { EN: 'Pay' }, feeBps: 0, dailyCount: 0 });
    expect(bodyOf({ ...good, instructions: [{ lang: 'pt-br', text: 'Pague' }] }).instructions).toEqual({ 'PT-BR': 'Pague' });
  });

  it('round-trips a channel from the API', () => {
    const c = { id: 1, hasSecret: false, ...bodyOf(good), vipLevels: [2], instructions: { EN: 'a', KM: 'b' } };
    const d = draftOf(c);
    expect(d.vipLevels).toBe('2');
    expect(d.instructions).toEqual([{ lang: 'EN', text: 'a' }, { lang: 'KM', text: 'b' }]);
    expect(bodyOf(d)).toEqual({ ...bodyOf(good), vipLevels: [2], instructions: { EN: 'a', KM: 'b' } });
  });

  it.each([
    ['', []],
    ['1', [1]],
    ['2, 1,,2', [1, 2]],
    ['1.5', null],
    ['-1', null],
  ])('vipList(%j) is %j', (text, want) => expect(vipList(text)).toEqual(want));
});

describe('depositQuery', () => {
  it('sends the default queue as submitted, newest first', () => {
    expect(pageQuery(defaultFilter)).toEqual({ status: 'submitted', channelId: '', q: '', from: '', to: '', sort: 'createdAt', order: 'desc', pageNum: 1, pageSize: 20 });
  });

  it('leaves the status out for all, and exports without paging', () => {
    const href = csvHref({ ...defaultFilter, status: 'all', q: ' 42 ', page: 3 });
    expect(href).toBe('/admin/api/cashier/deposits.csv?q=42&sort=createdAt&order=desc&language=EN');
  });

  it.each([
    ['', '', ''],
    ['2026-11-01', '2026-11-25', ''],
    ['2026-11-25', '2026-11-01', 'cashier.range.order'],
    ['2026-11', '', 'cashier.range.invalid'],
  ])('rangeProblem(%s, %s) is %j', (from, to, want) => expect(rangeProblem(from, to)).toBe(want));
});
