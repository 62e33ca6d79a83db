import { afterEach, describe, expect, it } from 'vitest';
import { forgetLogin, rememberedLogin, rememberLogin } from './remember';

afterEach(() => forgetLogin());

describe('remember me', () => {
  it('keeps the username and the login type, never a password', () => {
    rememberLogin('player01', false);
    expect(rememberedLogin()).toEqual({ user: 'player01', sms: false });
    expect(document.cookie).not.toMatch(/pass/i);
    expect(document.cookie).toContain('loginRemember=1');
  });

  it('forgets on request', () => {
    rememberLogin('12345678', true);
    expect(rememberedLogin()?.sms).toBe(true);
    forgetLogin();
    expect(rememberedLogin()).toBeNull();
  });
});
