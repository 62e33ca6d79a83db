import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BankAccountsSection } from './BankAccountsSection';
import { PaymentPasswordSection } from './PaymentPasswordSection';
import type { BankAccount, BankAccounts } from './withdrawApi';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${Object.values(o).join(' ')}` : key),
    i18n: { language: 'EN' },
  }),
  initReactI18next: { type: '3rdParty', init: () => undefined },
}));

type Call = { method: string; path: string; body: Record<string, unknown> | undefined };
type Refusal = { status: number; code: string; value?: unknown };

let state: BankAccounts;
let calls: Call[];
let refuse: Refusal | null;

const acct = (id: number, last4: string): BankAccount => ({ id, bankName: 'ABA Bank', accountName: 'Sok Dara', accountMasked: `•••• ${last4}`, createdAt: '2026-11-20T04:00:00Z' });

beforeEach(() => {
  state = { accounts: [acct(1, '6789')], max: 3, realName: 'Sok Dara', paymentPasswordSet: true };
  calls = [];
  refuse = null;
  sessionStorage.setItem('token', 'T');
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const u = new URL(url, 'http://site');
    const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
    calls.push({ method: init.method ?? 'GET', path: u.pathname, body });
    const ok = (value: unknown) => Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
    const fail = (r: Refusal) => Promise.resolve({ status: r.status, json: () => Promise.resolve({ success: false, code: r.code, message: `server says ${r.code}`, value: r.value ?? null }) });
    const p = u.pathname;
    if (init.method === 'POST' && refuse) return fail(refuse);
    if (p === '/wps/cashier/bank-accounts' && init.method === 'POST') {
      const a = acct(10 + state.accounts.length, String(body!.accountNumber).slice(-4));
      state = { ...state, accounts: [...state.accounts, a] };
      return ok(a);
    }
    if (p === '/wps/cashier/bank-accounts') return ok(state);
    const rm = /^\/wps\/cashier\/bank-accounts\/(\d+)\/remove$/.exec(p);
    if (rm) {
      state = { ...state, accounts: state.accounts.filter((a) => a.id !== Number(rm[1])) };
      return ok({ removed: true });
    }
    if (p === '/wps/member/payment-password') {
      state = { ...state, paymentPasswordSet: true };
      return ok({ set: true });
    }
    return fail({ status: 404, code: 'resource.not_found' });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PaymentPasswordSection />
        <BankAccountsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('bank accounts section', { timeout: 20_000 }, () => {
  it('lists the accounts masked, checks the add form and adds one with the payment password', async () => {
    show();
    const row = await screen.findByTestId('bank-account-1');
    expect(row).toHaveTextContent('•••• 6789');
    expect(row).not.toHaveTextContent('000123456789');
    fireEvent.click(screen.getByRole('button', { name: 'cashier.bankAccounts.add' }));
    const form = within(screen.getByRole('form', { name: 'cashier.bankAccounts.add' }));
    // The holder is the member's real name, said beside the field.
    expect(form.getByRole('textbox', { name: 'cashier.bank.accountName' })).toHaveValue('Sok Dara');
    expect(form.getByText('cashier.bankAccounts.realNameIs Sok Dara')).toBeInTheDocument();

    fireEvent.change(form.getByRole('textbox', { name: 'cashier.bank.bankName' }), { target: { value: 'A' } });
    fireEvent.change(form.getByRole('textbox', { name: 'cashier.bank.accountNumber' }), { target: { value: '12-34' } });
    fireEvent.change(form.getByRole('textbox', { name: 'cashier.bank.accountName' }), { target: { value: 'Someone Else' } });
    fireEvent.click(form.getByRole('button', { name: 'cashier.bankAccounts.save' }));
    expect(await form.findByText('cashier.bankAccounts.problem.bankName')).toBeInTheDocument();
    expect(form.getByText('cashier.bankAccounts.problem.accountNumber')).toBeInTheDocument();
    expect(form.getByText('cashier.wErrors.accountNameMismatch')).toBeInTheDocument();
    expect(form.getByText('cashier.paymentPassword.sixDigits')).toBeInTheDocument();
    expect(posts('/wps/cashier/bank-accounts')).toHaveLength(0);

    fireEvent.change(form.getByRole('textbox', { name: 'cashier.bank.bankName' }), { target: { value: 'Wing Bank' } });
    fireEvent.change(form.getByRole('textbox', { name: 'cashier.bank.accountNumber' }), { target: { value: '0001 2345-4321' } });
    fireEvent.change(form.getByRole('textbox', { name: 'cashier.bank.accountName' }), { target: { value: '  sok   DARA ' } });
    fireEvent.change(form.getByLabelText('cashier.paymentPassword.label'), { target: { value: '135790' } });
    // The server's refusal names the field it disliked.
    refuse = { status: 422, code: 'cashier.bank_account_invalid', value: { field: 'accountNumber' } };
    fireEvent.click(form.getByRole('button', { name: 'cashier.bankAccounts.save' }));
    expect(await form.findByText('cashier.wErrors.bankAccountInvalid')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'cashier.bank.accountNumber' })).toHaveAttribute('aria-invalid', 'true');
    refuse = null;
    fireEvent.click(form.getByRole('button', { name: 'cashier.bankAccounts.save' }));
    expect(await screen.findByTestId('bank-account-11')).toHaveTextContent('•••• 4321');
    expect(posts('/wps/cashier/bank-accounts').at(-1)!.body).toEqual({ bankName: 'Wing Bank', accountNumber: '000123454321', accountName: 'sok DARA', paymentPassword: '135790' });
  });

  it('notes that the first holder name becomes the real name, and stops at the maximum', async () => {
    state = { accounts: [], max: 3, realName: '', paymentPasswordSet: true };
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'cashier.bankAccounts.add' }));
    expect(screen.getByText('cashier.bankAccounts.realNameFirst')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'cashier.bank.accountName' })).toHaveValue('');
  });

  it('offers no add button at the maximum', async () => {
    state = { ...state, accounts: [acct(1, '1111'), acct(2, '2222'), acct(3, '3333')] };
    show();
    expect(await screen.findByText('cashier.bankAccounts.full 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'cashier.bankAccounts.add' })).toBeNull();
  });

  it('removes an account with the payment password and says when one is in use', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'cashier.bankAccounts.removeOne ABA Bank •••• 6789' }));
    const form = within(screen.getByRole('form', { name: 'cashier.bankAccounts.removeOne ABA Bank •••• 6789' }));
    fireEvent.change(form.getByLabelText('cashier.paymentPassword.label'), { target: { value: '135790' } });
    refuse = { status: 409, code: 'cashier.bank_account_in_use' };
    fireEvent.click(form.getByRole('button', { name: 'cashier.bankAccounts.remove' }));
    expect(await form.findByText('cashier.wErrors.bankAccountInUse')).toBeInTheDocument();
    refuse = null;
    fireEvent.click(form.getByRole('button', { name: 'cashier.bankAccounts.remove' }));
    await waitFor(() => expect(screen.queryByTestId('bank-account-1')).toBeNull());
    expect(posts('/wps/cashier/bank-accounts/1/remove').at(-1)!.body).toEqual({ paymentPassword: '135790' });
    expect(screen.getByText('cashier.bankAccounts.none')).toBeInTheDocument();
  });

  it('sets a first payment password: login password, a strong 6 digits, twice; then accounts can be added', async () => {
    state = { accounts: [], max: 3, realName: '', paymentPasswordSet: false };
    show();
    expect(await screen.findByText('cashier.bankAccounts.needPassword')).toBeInTheDocument();
    const section = within(screen.getByTestId('payment-password-section'));
    fireEvent.click(section.getByRole('button', { name: 'cashier.paymentPassword.set' }));
    expect(section.queryByLabelText('cashier.paymentPassword.old')).toBeNull();
    fireEvent.change(section.getByLabelText('cashier.paymentPassword.new'), { target: { value: '123456' } });
    fireEvent.change(section.getByLabelText('cashier.paymentPassword.repeat'), { target: { value: '123457' } });
    fireEvent.click(section.getByRole('button', { name: 'cashier.paymentPassword.save' }));
    expect(await section.findByText('cashier.paymentPassword.loginRequired')).toBeInTheDocument();
    expect(section.getByText('cashier.wErrors.passwordInvalid')).toBeInTheDocument();
    expect(section.getByText('cashier.paymentPassword.mismatch')).toBeInTheDocument();
    expect(posts('/wps/member/payment-password')).toHaveLength(0);

    fireEvent.change(section.getByLabelText('cashier.paymentPassword.loginPassword'), { target: { value: 'secret99' } });
    fireEvent.change(section.getByLabelText('cashier.paymentPassword.new'), { target: { value: '135790' } });
    fireEvent.change(section.getByLabelText('cashier.paymentPassword.repeat'), { target: { value: '135790' } });
    refuse = { status: 403, code: 'login.password_incorrect' };
    fireEvent.click(section.getByRole('button', { name: 'cashier.paymentPassword.save' }));
    expect(await section.findByText('cashier.wErrors.loginPasswordIncorrect')).toBeInTheDocument();
    refuse = null;
    fireEvent.click(section.getByRole('button', { name: 'cashier.paymentPassword.save' }));
    expect(await section.findByText('cashier.paymentPassword.saved')).toBeInTheDocument();
    expect(posts('/wps/member/payment-password').at(-1)!.body).toEqual({ loginPassword: 'secret99', newPaymentPassword: '135790' });
    expect(await screen.findByRole('button', { name: 'cashier.bankAccounts.add' })).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'cashier.paymentPassword.change' })).toBeInTheDocument();
  });

  it('changes the payment password with the old one too', async () => {
    show();
    const section = within(await screen.findByTestId('payment-password-section'));
    fireEvent.click(section.getByRole('button', { name: 'cashier.paymentPassword.change' }));
    fireEvent.change(section.getByLabelText('cashier.paymentPassword.loginPassword'), { target: { value: 'secret99' } });
    fireEvent.change(section.getByLabelText('cashier.paymentPassword.old'), { target: { value: '135790' } });
    fireEvent.change(section.getByLabelText('cashier.paymentPassword.new'), { target: { value: '246801' } });
    fireEvent.change(section.getByLabelText('cashier.paymentPassword.repeat'), { target: { value: '246801' } });
    fireEvent.click(section.getByRole('button', { name: 'cashier.paymentPassword.save' }));
    expect(await section.findByText('cashier.paymentPassword.saved')).toBeInTheDocument();
    expect(posts('/wps/member/payment-password').at(-1)!.body).toEqual({ loginPassword: 'secret99', oldPaymentPassword: '135790', newPaymentPassword: '246801' });
  });
});
