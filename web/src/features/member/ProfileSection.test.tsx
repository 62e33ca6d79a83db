import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../../data/permission';
import type { FieldRule, Permission } from '../../data/types';
import { ContactSection } from './ContactSection';
import { ProfileSection, type Profile } from './ProfileSection';

// t() puts the interpolated values after the key, so a test sees both the
// key a string comes from and what was put into it.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${Object.values(o).join(' ')}` : key),
    i18n: { language: 'EN' },
  }),
  initReactI18next: { type: '3rdParty', init: () => undefined },
}));

const rule = (p: Partial<FieldRule>): FieldRule => ({ enabled: true, required: false, acceptedPattern: '*', patternId: 1, minLength: 2, maxLength: 20, type: 'text', ...p });
const rules: Record<string, FieldRule> = {
  nickname: rule({ acceptedPattern: '^\\S+$', patternId: 10 }),
  payeeName: rule({ maxLength: 50, patternId: 13 }),
  birthday: rule({ type: 'date', minLength: 10, maxLength: 10, patternId: 12 }),
  email: rule({ type: 'email', minLength: 6, maxLength: 100, patternId: 4, acceptedPattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' }),
  captcha: rule({ required: true }),
};

type Call = { method: string; path: string; body: Record<string, string> | undefined };
let state: Profile;
let calls: Call[];
// answer, when set, is the server's next refusal.
let refusal: { status: number; code: string; message: string; value: unknown } | null;

function fresh(): Profile {
  return {
    fields: [
      { name: 'payeeName', value: 'Sok Dara', editable: false, locked: true, rule: rules.payeeName },
      { name: 'nickname', value: 'Dara', editable: true, locked: false, rule: rules.nickname },
      { name: 'birthday', value: '', editable: true, locked: false, rule: rules.birthday },
    ],
    mobileNum: '+855****5002',
    mobileVerified: true,
    email: '',
    emailVerified: false,
    minimumAge: 18,
    changePassword: 'payment',
  };
}

beforeEach(() => {
  state = fresh();
  calls = [];
  refusal = null;
  sessionStorage.setItem('token', 'T');
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const u = new URL(url, 'http://site');
    const body = init.body ? (JSON.parse(init.body as string) as Record<string, string>) : undefined;
    const method = init.method ?? 'GET';
    calls.push({ method, path: u.pathname, body });
    const ok = (value: unknown) => Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
    if (refusal && method !== 'GET') {
      const r = refusal;
      refusal = null;
      return Promise.resolve({ status: r.status, json: () => Promise.resolve({ success: false, code: r.code, message: r.message, value: r.value }) });
    }
    if (u.pathname === '/wps/captcha') return ok({ captchaId: 'cap1', image: '' });
    if (u.pathname === '/wps/system/countryCodes') return ok([{ countryDialingCode: '855', iso: 'KH', name: 'Cambodia', digits: [8, 9] }]);
    if (u.pathname === '/wps/member/profile' && method === 'PUT') {
      state = { ...state, fields: state.fields.map((f) => (body && f.name in body ? { ...f, value: body[f.name], locked: f.name === 'birthday' && !!body[f.name], editable: f.name !== 'birthday' } : f)) };
      return ok(state);
    }
    if (u.pathname.endsWith('/code')) return ok({ expiredMinutes: 5 });
    if (u.pathname === '/wps/member/email/verify') {
      state = { ...state, email: 'd***@example.com', emailVerified: true };
      return ok(state);
    }
    return ok(state);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const permission = { expiredMinutes: 5, registerRules: rules } as unknown as Permission;

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PermissionContext.Provider value={permission}>{node}</PermissionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('ProfileSection', () => {
  it('shows the labels, the real name set once, and edits only what changed', async () => {
    renderWith(<ProfileSection />);
    await screen.findByText('member.profile.title');
    expect(screen.getByTestId('profile-payeeName')).toHaveTextContent('Sok Dara');
    expect(screen.getByTestId('profile-payeeName')).toHaveTextContent('member.profile.setOnce');
    expect(screen.getByTestId('profile-birthday')).toHaveTextContent('member.profile.notSet');

    fireEvent.click(screen.getByText('member.profile.edit'));
    // The real name is not in the form: it is set.
    expect(screen.queryByLabelText('form.payeeName')).toBeNull();
    expect(screen.getByLabelText('form.birthday')).toHaveAttribute('type', 'date');
    expect(screen.getByText('member.profile.birthdayOnce 18')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('form.nickname'), { target: { value: 'Lucky7' } });
    await act(async () => fireEvent.click(screen.getByText('member.profile.save')));
    await screen.findByText('member.profile.saved');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: '/wps/member/profile', body: { nickname: 'Lucky7' } }]);
    expect(screen.getByTestId('profile-nickname')).toHaveTextContent('Lucky7');
  });

  it('checks each field by its rule and refuses markup before calling the server', async () => {
    renderWith(<ProfileSection />);
    fireEvent.click(await screen.findByText('member.profile.edit'));
    fireEvent.change(screen.getByLabelText('form.nickname'), { target: { value: 'Lucky 7' } });
    await act(async () => fireEvent.click(screen.getByText('member.profile.save')));
    expect(screen.getByText(/form.invalid/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('form.nickname'), { target: { value: '<b>hi</b>' } });
    await act(async () => fireEvent.click(screen.getByText('member.profile.save')));
    expect(screen.getByText('member.profile.plainText')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal under its field", async () => {
    refusal = { status: 422, code: 'register.underage', message: 'You must be 18 or older', value: { field: 'birthday', reason: 'under age' } };
    renderWith(<ProfileSection />);
    fireEvent.click(await screen.findByText('member.profile.edit'));
    fireEvent.change(screen.getByLabelText('form.birthday'), { target: { value: '2015-01-01' } });
    await act(async () => fireEvent.click(screen.getByText('member.profile.save')));
    expect(await screen.findByText('You must be 18 or older')).toHaveClass('field-error');
  });
});

describe('ContactSection', () => {
  it('shows verified and not verified, and verifies an e-mail with a code and a countdown', async () => {
    renderWith(<ContactSection />);
    const mobile = await screen.findByTestId('contact-mobile');
    expect(within(mobile).getByText('member.profile.verified')).toBeInTheDocument();
    expect(within(mobile).getByText('member.profile.change')).toBeInTheDocument();
    const email = screen.getByTestId('contact-email');
    expect(within(email).getByText('member.profile.notVerified')).toBeInTheDocument();

    fireEvent.click(within(email).getByText('member.profile.verify'));
    // Not yet verified: no password is asked.
    expect(within(email).queryByLabelText(/form.paymentPassword/)).toBeNull();
    fireEvent.change(within(email).getByLabelText(/form.email/), { target: { value: 'dara@example.com' } });
    await within(email).findByAltText('form.captchaImage');
    fireEvent.change(within(email).getByLabelText('form.captcha'), { target: { value: 'ab12' } });
    await act(async () => fireEvent.click(within(email).getByText('form.sendCode')));
    expect(calls.find((c) => c.path === '/wps/member/email/code')?.body).toEqual({ email: 'dara@example.com', captchaId: 'cap1', captcha: 'ab12' });
    expect(await within(email).findByText(/form.resendIn/)).toBeDisabled();
    expect(within(email).getByText('member.profile.codeSent 5')).toBeInTheDocument();

    fireEvent.change(within(email).getByLabelText('member.profile.emailCode'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(within(email).getAllByText('member.profile.verify').at(-1)!));
    await within(email).findByText('member.profile.done');
    expect(calls.find((c) => c.path === '/wps/member/email/verify')?.body).toEqual({ email: 'dara@example.com', code: '123456' });
    expect(within(email).getByText('member.profile.verified')).toBeInTheDocument();
  });

  it('asks the payment password to replace a verified number, and shows a refusal', async () => {
    renderWith(<ContactSection />);
    const mobile = await screen.findByTestId('contact-mobile');
    fireEvent.click(within(mobile).getByText('member.profile.change'));
    fireEvent.change(within(mobile).getByLabelText(/form.mobileNum/), { target: { value: '012777888' } });
    await within(mobile).findByAltText('form.captchaImage');
    fireEvent.change(within(mobile).getByLabelText('form.captcha'), { target: { value: 'ab12' } });
    await act(async () => fireEvent.click(within(mobile).getByText('form.sendCode')));
    // Without the password, nothing is sent.
    expect(within(mobile).getByText('form.empty')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/wps/member/mobile/code')).toBe(false);
    expect(within(mobile).getByText('member.profile.needsPayment')).toBeInTheDocument();

    fireEvent.change(within(mobile).getByLabelText(/form.paymentPassword/), { target: { value: '246810' } });
    await act(async () => fireEvent.click(within(mobile).getByText('form.sendCode')));
    expect(calls.find((c) => c.path === '/wps/member/mobile/code')?.body).toMatchObject({ mobileNum: '012777888', countryDialingCode: '855', password: '246810' });

    refusal = { status: 409, code: 'register.mobile_taken', message: 'This mobile number is already registered', value: { field: 'mobileNum', reason: 'taken' } };
    fireEvent.change(within(mobile).getByLabelText('form.smsCode'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(within(mobile).getAllByText('member.profile.verify').at(-1)!));
    expect(await within(mobile).findByRole('alert')).toHaveTextContent('This mobile number is already registered');
  });
});
