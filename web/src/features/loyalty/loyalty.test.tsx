import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEncryption } from '../../lib/api';
import { popups } from '../../lib/popups';
import { paged, permission, renderAt, serve, type Call } from '../promotions/testing';
import { PromotionsPage } from '../promotions/PromotionsPage';
import type { MallItem, Vip } from './api';
import { cashFor } from './ConvertDialog';
import { PointMallPage, statusKey } from './PointMallPage';
import { maxQuantity } from './RedeemDialog';
import { nextPercent } from './VipPanel';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${Object.values(o).join(' ')}` : key), i18n: { language: 'EN' } }),
  initReactI18next: { type: '3rdParty', init: () => undefined },
}));

const item: MallItem = { id: 3, name: 'Mug', description: 'A mug', imageUrl: '', points: 100, amountRequirement: 5000, quantity: 4, perMemberLimit: 2, kind: 'goods', cashAmount: 0 };
const cashItem: MallItem = { ...item, id: 4, name: 'Chip', kind: 'cash', cashAmount: 1000, quantity: 0 };

// A real key pair: the test opens what the page sealed, as the server would.
let privateKey: CryptoKey;
beforeAll(async () => {
  const pair = await crypto.subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt']);
  privateKey = pair.privateKey;
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  setEncryption({ enabled: true, publicKey: btoa(String.fromCharCode(...spki)) });
});

async function open(call: Call): Promise<Record<string, unknown>> {
  const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
  const aesRaw = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, b64(call.headers.Encryption));
  const aes = await crypto.subtle.importKey('raw', aesRaw, 'AES-GCM', false, ['decrypt']);
  const body = b64(call.body as string);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: body.slice(0, 12) }, aes, body.slice(12));
  return JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>;
}

const mallRoutes = {
  'GET /wps/points/balance': { value: { points: 1200 } },
  'GET /wps/points/reward': { value: { today: 35, yesterday: 120, total: 5400 } },
  'GET /wps/points/config': { value: { enabled: true, convertRate: 100, convertMin: 100, earnRateBp: 100, neverExpire: true } },
  'GET /wps/points/items': { value: { content: [item, cashItem] } },
};

beforeEach(() => {
  popups.set([]);
  sessionStorage.setItem('token', 'T');
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('points rules', () => {
  it('limits a redeem by stock, member limit and points', () => {
    expect(maxQuantity(item, 1200)).toBe(2);
    expect(maxQuantity(item, 150)).toBe(1);
    expect(maxQuantity({ ...item, perMemberLimit: 0 }, 10000)).toBe(4);
    expect(maxQuantity(cashItem, 10000)).toBe(0);
    // One redemption asks for at most 100 (the server's bound).
    expect(maxQuantity({ ...item, quantity: 1000, perMemberLimit: 0, points: 1 }, 10000)).toBe(100);
  });
  it('converts points to minor units, floored', () => {
    expect(cashFor(500, 100, 2)).toBe(500);
    expect(cashFor(150, 100, 2)).toBe(150);
    expect(cashFor(1, 3, 2)).toBe(33);
    expect(cashFor(10, 0, 2)).toBe(0);
  });
  it('words applying as in process (G-017)', () => {
    expect(statusKey('applying')).toBe('pointMall.status.applying');
  });
  it('measures the way to the next VIP level by the weaker requirement', () => {
    const v = { next: { level: 2, name: 'Gold', minDeposit: 10000, minValidBet: 100000 }, progress: { deposits: 5000, validBet: 20000, windowDays: 30 } } as Pick<Vip, 'next' | 'progress'>;
    expect(nextPercent(v)).toBe(20);
    expect(nextPercent({ ...v, next: null })).toBe(100);
  });
});

describe('points mall', () => {
  it('shows the balance, never-expire, and item cards', async () => {
    serve(mallRoutes);
    renderAt(<PointMallPage />, '/pointMall');
    await waitFor(() => expect(screen.getByTestId('points-balance')).toHaveTextContent('1,200'));
    expect(screen.getAllByText('pointMall.neverExpire').length).toBeGreaterThan(0);
    const mug = await screen.findByTestId('item-3');
    expect(mug).toHaveTextContent('pointMall.points 100');
    expect(mug).toHaveTextContent('pointMall.requirement 50.00');
    expect(mug).toHaveTextContent('pointMall.stock 4');
    expect(within(screen.getByTestId('item-4')).getByRole('button', { name: 'pointMall.redeem' })).toBeDisabled();
  });

  it('redeems with the payment password sealed (E)', async () => {
    const calls = serve({ ...mallRoutes, 'POST /wps/points/redeem': { value: { id: 9, name: 'Mug', quantity: 2, pointsRequirement: 200, amountRequirement: 5000, status: 'applying', applyTime: '2026-01-01T00:00:00Z', referenceNo: 'R1', reason: '' } } });
    renderAt(<PointMallPage />, '/pointMall');
    fireEvent.click(within(await screen.findByTestId('item-3')).getByRole('button', { name: 'pointMall.redeem' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.change(within(dialog).getByLabelText('pointMall.quantity'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('pointMall.paymentPassword'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'pointMall.redeem' })));
    // 3 is over the member's limit of 2: nothing is sent.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('pointMall.quantityRange 2');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('pointMall.quantity'), { target: { value: '2' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'pointMall.redeem' })));
    expect(await within(dialog).findByText('pointMall.redeemDone')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.path).toBe('/wps/points/redeem');
    expect(sent.headers['Content-Type']).toBe('text/plain');
    expect(String(sent.body)).not.toContain('123456');
    expect(await open(sent)).toMatchObject({ itemId: 3, quantity: 2, paymentPassword: '123456' });
  });

  it('converts points with the payment password sealed (E) and words a wrong password', async () => {
    let refuse = true;
    const calls = serve({
      ...mallRoutes,
      'POST /wps/points/convert': () => (refuse ? ((refuse = false), { code: 'cashier.payment_password_incorrect' }) : { value: { points: 700, balance: 123400, amount: 500 } }),
    });
    renderAt(<PointMallPage />, '/pointMall');
    fireEvent.click(await screen.findByRole('button', { name: 'pointMall.convert' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.change(within(dialog).getByLabelText('pointMall.convertPoints'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('pointMall.paymentPassword'), { target: { value: '654321' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'pointMall.convert' })));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('pointMall.convertProblem.min');
    fireEvent.change(within(dialog).getByLabelText('pointMall.convertPoints'), { target: { value: '500' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'pointMall.convert' })));
    expect(await within(dialog).findByText('pointMall.error.passwordWrong')).toBeInTheDocument();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'pointMall.convert' })));
    expect(await within(dialog).findByText(/pointMall\.convertDone 5\.00 700/)).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    const [first, second] = await Promise.all(posts.map(open));
    expect(first).toMatchObject({ points: 500, paymentPassword: '654321' });
    // A refused attempt paid nothing: the retry is a new request.
    expect(first.requestId).not.toBe(second.requestId);
  });

  it('shows the redeem history with every G-016 field and the status labels', async () => {
    serve({
      ...mallRoutes,
      'GET /wps/points/redeem/list': { value: paged([{ id: 1, name: 'Mug', quantity: 1, pointsRequirement: 100, amountRequirement: 5000, status: 'applying', applyTime: '2026-01-02T03:04:05Z', referenceNo: 'PM-1', reason: '' }, { id: 2, name: 'Hat', quantity: 2, pointsRequirement: 300, amountRequirement: 0, status: 'rejected', applyTime: '2026-01-01T00:00:00Z', referenceNo: 'PM-2', reason: 'no stock' }], 2) },
    });
    renderAt(<PointMallPage />, '/pointMall?tab=history');
    expect(await screen.findByText('pointMall.status.applying')).toBeInTheDocument();
    expect(screen.getByText('pointMall.status.rejected')).toBeInTheDocument();
    for (const col of ['applyTime', 'referenceNo', 'name', 'quantity', 'points', 'amountRequirement', 'status', 'reason']) expect(screen.getByRole('columnheader', { name: `pointMall.col.${col}` })).toBeInTheDocument();
    expect(screen.getByText('PM-2')).toBeInTheDocument();
    expect(screen.getByText('no stock')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'common.pages' })).toBeInTheDocument();
  });

  it('shows the points details, and an empty state when there are none', async () => {
    serve({ ...mallRoutes, 'GET /wps/points/transactions': { value: paged([{ id: 1, kind: 'earn', points: 35, balance: 1200, createdAt: '2026-01-02T00:00:00Z', reference: 'points:bet:1:2026-01-01' }]) } });
    const { unmount } = renderAt(<PointMallPage />, '/pointMall?tab=details');
    expect(await screen.findByText('pointMall.kind.earn')).toBeInTheDocument();
    expect(screen.getByText('+35')).toBeInTheDocument();
    unmount();
    serve({ ...mallRoutes, 'GET /wps/points/transactions': { value: paged([]) } });
    renderAt(<PointMallPage />, '/pointMall?tab=details');
    expect(await screen.findByText('pointMall.noDetails')).toBeInTheDocument();
  });

  it('asks a visitor to log in, and says when the merchant has no mall', async () => {
    sessionStorage.clear();
    serve({});
    const { unmount } = renderAt(<PointMallPage />, '/pointMall');
    fireEvent.click(screen.getByRole('button', { name: 'pointMall.login' }));
    expect(popups.get().map((p) => p.id)).toEqual(['login']);
    unmount();
    renderAt(<PointMallPage />, '/pointMall', { ...permission, pointMall: false });
    expect(screen.getByText('pointMall.off')).toBeInTheDocument();
  });
});

describe('VIP tab', () => {
  const levels = [
    { level: 0, name: 'Bronze', minDeposit: 0, minValidBet: 0, windowDays: 30, upgradeReward: 0, withdrawDailyLimit: null },
    { level: 1, name: 'Silver', minDeposit: 10000, minValidBet: 50000, windowDays: 30, upgradeReward: 1000, withdrawDailyLimit: 500000 },
    { level: 2, name: 'Gold', minDeposit: 50000, minValidBet: 200000, windowDays: 30, upgradeReward: 5000, withdrawDailyLimit: null },
  ];
  it('shows my level, the progress to the next and the levels table', async () => {
    serve({
      'GET /wps/promotions': { value: { content: [] } },
      'GET /wps/promotions/states': { value: { states: {} } },
      'GET /wps/vip': { value: { level: 1, name: 'Silver', next: { level: 2, name: 'Gold', minDeposit: 50000, minValidBet: 200000 }, progress: { deposits: 25000, validBet: 40000, windowDays: 30 }, levels } },
    });
    renderAt(<PromotionsPage />, '/promotions?tab=vip');
    expect(await screen.findByText('vip.myLevel Silver 1')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'vip.progressLabel' })).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('row', { current: true })).toHaveTextContent('Silver');
    expect(screen.getByRole('row', { current: true })).toHaveTextContent('10.00');
  });

  it('shows a visitor the public levels', async () => {
    sessionStorage.clear();
    const calls = serve({ 'GET /wps/promotions': { value: { content: [] } }, 'GET /wps/vip/levels': { value: { levels } } });
    renderAt(<PromotionsPage />, '/promotions?tab=vip');
    expect(await screen.findByText('Gold', { exact: false })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/wps/vip')).toBe(false);
  });
});
