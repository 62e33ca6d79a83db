import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { bcp47 } from '../../lib/language';
import { formatMinor } from '../../lib/money';
import { postPlay, roundsKey, seedsKey, useGameSession, type Bet, type GameCode, type PlayAnswer, type Session } from './api';
import { demoStart, readDemoCredits, writeDemoCredits } from './demo';
import { RoundSender } from './sender';

// The launch address of a game page: its game-session token, or demo=1
// for a visitor's free demo (no token, no money).
export function useLaunch(): { token: string | null; demo: boolean } {
  const [params] = useSearchParams();
  const token = params.get('token') || null;
  return { token, demo: !token && params.get('demo') === '1' };
}

// errorText is what an alert says about a failed call: the server's own
// message (already in the player's language) or ours for the network.
export function errorText(err: unknown, t: (k: string) => string): string {
  if (err instanceof ApiError) {
    if (err.code === 'network.abnormal' || err.status === 0) return t('errors.network');
    return err.message || t('errors.unknown');
  }
  return t('errors.network');
}

// tellBalanceChanged lets the page around the game frame refresh the
// header balance (GamePopup listens, and hears only the launch host). The
// game may be framed from a launch host, so the site around it has
// another origin: the message goes to the framing page's origin, read from
// the referrer. It carries no data, only "look again", so a referrer
// withheld by policy falls back to any parent.
export function tellBalanceChanged(): void {
  if (window.parent === window) return;
  window.parent.postMessage({ type: 'portal:balance' }, parentOrigin(document.referrer));
}

// parentOrigin is the origin of the page that framed this one, or '*'.
export function parentOrigin(referrer: string): string {
  try {
    const o = new URL(referrer).origin;
    return o && o !== 'null' ? o : '*';
  } catch {
    return '*';
  }
}

// ltr isolates a number, an amount or a multiplier put into a sentence, so
// a right-to-left sentence cannot reorder its digits and signs ($1.00,
// 2.00×).
export const ltr = (s: string) => `\u2066${s}\u2069`;

export type Money = { format: (minor: number) => string; plain: (minor: number) => string; hundredths: (n: number) => string; locale: string };

// useMoneyOf formats minor units the way the game session counts them.
export function useMoneyOf(session: Pick<Session, 'decimals' | 'currencySymbol'> | undefined): Money {
  const { i18n } = useTranslation();
  const locale = bcp47(i18n.language);
  const decimals = session?.decimals ?? 2;
  const symbol = session?.currencySymbol ?? '';
  return useMemo(
    () => ({
      locale,
      plain: (minor: number) => formatMinor(minor, decimals, locale),
      format: (minor: number) => `${symbol}${formatMinor(minor, decimals, locale)}`,
      hundredths: (n: number) => formatMinor(n, 2, locale),
    }),
    [locale, decimals, symbol],
  );
}

// useGame is what every game page shares: the session, the balance it
// shows, one round at a time with a fresh request id per click (and the
// same one again after a lost answer), the errors, the demo's credits and
// rounds, and the note to the page around the frame.
export function useGame<R>(game: GameCode) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const launch = useLaunch();
  const session = useGameSession(game, launch.token, launch.demo);
  const s = session.data;
  const demo = s?.mode === 'demo';
  const money = useMoneyOf(s);

  // A demo's credits: what this page played them to, else what the session
  // storage kept, else the 2,000.00 start.
  const [played, setCredits] = useState<number | null>(null);
  const credits = demo && s ? (played ?? readDemoCredits(s.decimals)) : null;
  const [lastBalance, setLastBalance] = useState<number | null>(null);
  // The win of the round being shown stays out of the balance until the
  // page has played the round back.
  const [hiddenWin, setHiddenWin] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unresolved, setUnresolved] = useState(false);
  const [closed, setClosed] = useState(false);
  const [demoRounds, setDemoRounds] = useState<PlayAnswer<R>[]>([]);
  const token = launch.token;
  const [sender] = useState(() => new RoundSender<PlayAnswer<R>>((body) => postPlay<R>(body, token)));
  const busyRef = useRef(false);

  const balance = demo ? credits : (lastBalance ?? s?.balance ?? null);

  const play = useCallback(
    async (bet: Bet): Promise<PlayAnswer<R> | null> => {
      if (!s || busyRef.current || closed) return null;
      setError(null);
      if (demo && (credits ?? 0) < bet.stake) {
        setError(t('inhouse.demoInsufficient'));
        return null;
      }
      busyRef.current = true;
      setBusy(true);
      try {
        const a = await sender.play(demo ? { ...bet, demo: true } : bet);
        setUnresolved(false);
        setHiddenWin(a.win);
        if (demo) {
          const next = Math.max(0, (credits ?? 0) - a.stake + a.win);
          writeDemoCredits(s.decimals, next);
          setCredits(next);
          setDemoRounds((rs) => [a, ...rs].slice(0, 20));
        } else {
          setLastBalance(a.balance);
          tellBalanceChanged();
          void client.invalidateQueries({ queryKey: seedsKey(token) });
          void client.invalidateQueries({ queryKey: roundsKey(token, game) });
        }
        return a;
      } catch (err) {
        setUnresolved(!!sender.unresolved);
        setError(errorText(err, t));
        if (err instanceof ApiError && err.status === 401) setClosed(true);
        return null;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [s, demo, credits, closed, sender, client, token, game, t],
  );

  // reveal puts the shown round's win into the balance once it is played back.
  const reveal = useCallback(() => setHiddenWin(0), []);

  const resetDemo = useCallback(() => {
    if (!s) return;
    writeDemoCredits(s.decimals, demoStart(s.decimals));
    setCredits(demoStart(s.decimals));
    setError(null);
  }, [s]);

  return {
    game,
    launch,
    session,
    demo,
    money,
    balance: balance === null ? null : balance - hiddenWin,
    busy,
    error,
    unresolved,
    closed,
    demoRounds,
    play,
    reveal,
    resetDemo,
    dismissError: () => setError(null),
  };
}

export type GameState<R> = ReturnType<typeof useGame<R>>;
