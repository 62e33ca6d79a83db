import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { closePopup, openPopup, popups } from '../lib/popups';
import { endSession } from '../lib/session';
import { PopupHost } from './PopupHost';

const notice = (execution: string) => ({ id: 1, type: 'PU', promotionType: '', title: `for ${execution}`, content: '<p>x</p>', execution, platform: 'W', createTime: '2026-11-01T00:00:00Z', startTime: null, endTime: null });

let calls: string[] = [];
let memberAnswer: () => Promise<{ status: number; json: () => Promise<unknown> }>;

function answer(status: number, body: unknown) {
  return Promise.resolve({ status, json: () => Promise.resolve(body) });
}

beforeEach(() => {
  calls = [];
  memberAnswer = () => answer(200, { success: true, value: { id: 7, account: 'player01', nickname: '', type: 0, isAgent: false, isTrial: false, vipRankLevel: 3, passwordChangeRequired: false } });
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    if (url.startsWith('/wps/member/info')) return memberAnswer();
    const execution = new URL(url, 'http://x').searchParams.get('execution') ?? '';
    return answer(200, { success: true, value: [notice(execution)] });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  popups.set([]);
  sessionStorage.clear();
});

// The app's own rule (App.tsx): a 401 ends the session.
function host() {
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: (err) => err instanceof ApiError && err.status === 401 && endSession() }),
    defaultOptions: { queries: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PopupHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const announcementCalls = () => calls.filter((u) => u.startsWith('/wps/system/announcements'));
const opened = () => popups.get().find((p) => p.id === 'announcement')?.props;

describe('announcement popup audience (spec §4)', () => {
  it('waits for the member after a reload, then shows the members\u2019 announcements', async () => {
    sessionStorage.setItem('token', 'live-token');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const real = memberAnswer;
    memberAnswer = () => gate.then(real);
    host();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(announcementCalls()).toEqual([]);
    expect(opened()).toBeUndefined();
    release();
    await waitFor(() => expect(opened()?.audience).toBe('USER_POPUP'));
    expect(announcementCalls().every((u) => u.includes('execution=A'))).toBe(true);
  });

  it('shows a stale token the visitors\u2019 announcements, never the members\u2019', async () => {
    sessionStorage.setItem('token', 'revoked-token');
    memberAnswer = () => answer(401, { success: false, code: 'login.not.session', message: 'Please log in', value: null });
    host();
    await waitFor(() => expect(opened()?.audience).toBe('ANONYMOUS_POPUP'));
    expect(announcementCalls().some((u) => u.includes('execution=A'))).toBe(false);
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('lets a first-login greeting go first', async () => {
    sessionStorage.setItem('token', 'new-member');
    openPopup('announcement', { audience: 'FIRST_LOGIN', notices: [notice('F')] });
    host();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(opened()?.audience).toBe('FIRST_LOGIN');
    act(() => closePopup('announcement'));
    await waitFor(() => expect(opened()?.audience).toBe('USER_POPUP'));
  });
});
