import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../../data/permission';
import type { Permission } from '../../data/types';
import { popups } from '../../lib/popups';
import { afterLogin, forcesPasswordChange, type LoginResult } from './afterLogin';
import { ChangePasswordPopup } from './ChangePasswordPopup';

const due: LoginResult = { token: 't', firstTimeLogin: false, passwordExpired: true, isAgent: false, isTrial: false, passwordChangeRequired: true };

afterEach(() => {
  popups.set([]);
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('forced password change after log-in', () => {
  it('a password log-in with a default password opens it, with the password just typed (C-100)', async () => {
    await afterLogin(due, { client: new QueryClient(), type: 'username', password: '123456' });
    expect(popups.get()).toEqual([{ id: 'changePassword', props: { forced: true, oldPassword: '123456' } }]);
  });

  it('an SMS log-in never opens it (C-022)', async () => {
    expect(forcesPasswordChange(due, 'sms')).toBe(false);
    await afterLogin(due, { client: new QueryClient(), type: 'sms' });
    expect(popups.get().find((p) => p.id === 'changePassword')).toBeUndefined();
  });
});

describe('change password form', () => {
  const permission = { registerRules: { password: { enabled: true, required: true, acceptedPattern: '*', patternId: 1, minLength: 8, maxLength: 20, type: 'password' } } } as unknown as Permission;

  function renderForm(oldPassword?: string) {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value: null }) });
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PermissionContext.Provider value={permission}>
          <MemoryRouter>
            <ChangePasswordPopup forced oldPassword={oldPassword} onClose={() => undefined} />
          </MemoryRouter>
        </PermissionContext.Provider>
      </QueryClientProvider>,
    );
    act(() => vi.advanceTimersByTime(100));
    return bodies;
  }

  it('does not ask the old password again when the log-in just gave it', async () => {
    const bodies = renderForm('123456');
    expect(screen.queryByLabelText('form.oldPassword')).toBeNull();
    fireEvent.change(screen.getByLabelText('form.newPassword'), { target: { value: 'Newbie@2026' } });
    fireEvent.change(screen.getByLabelText('form.confirmNewPassword'), { target: { value: 'Newbie@2026' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'password.submit' })));
    expect(bodies).toEqual([{ oldPassword: '123456', newPassword: 'Newbie@2026', confirmNewPassword: 'Newbie@2026' }]);
  });

  it('asks it otherwise, and an empty one cannot be sent (X-022)', () => {
    const bodies = renderForm();
    expect(screen.getByLabelText('form.oldPassword')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'password.submit' }));
    expect(screen.getAllByText('form.empty').length).toBeGreaterThan(0);
    expect(bodies).toEqual([]);
  });
});
