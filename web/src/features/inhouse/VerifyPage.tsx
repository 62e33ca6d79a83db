import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { usePermission } from '../../data/permission';
import { fetchRound, GAMES, postVerify, usePaytable, type CrashResult, type DiceResult, type GameCode, type GameResult, type SlotResult, type VerifyAnswer, type VerifyBody } from './api';
import { DICE_MAX_TARGET, DICE_MIN_TARGET } from './dice';
import { CRASH_MAX_CASHOUT, CRASH_MIN_CASHOUT } from './crash';
import { FROM_RECORDS, readVerifyParams, roundVerifyParams, verifyHref } from './fairness';
import { clamp, formatHundredths, parseHundredths } from './hundredths';
import { sha256Hex } from './sha256';
import { SlotRoundView } from './SlotRound';
import { parseMajor, toMajorText } from './stake';
import { errorText, useMoneyOf } from './useGame';
import './inhouse.css';
import './strings';

type Form = { game: GameCode; serverSeed: string; clientSeed: string; nonce: string; stake: string; target: string; over: boolean; cashOut: string; hash: string };

type Checked = { body: VerifyBody; browserHash: string; expected: string };
type Outcome = { checked: Checked; answer: VerifyAnswer<GameResult> | null; error: unknown };

// sameHash compares two hex hashes, ignoring case and spaces.
export const sameHash = (a: string, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

// VerifyPage replays any round of our games from its seeds. A link from the
// betting record names only the round (?round=IH-n): its seeds are read
// with the member's session first.
export function VerifyPage() {
  const [params] = useSearchParams();
  const roundId = params.get('round');
  if (roundId && !params.get('serverSeed')) return <LinkedRound roundId={roundId} />;
  return <VerifyForm key={params.toString()} />;
}

// LinkedRound loads a round named by id and opens the form filled with it;
// while its server seed is still secret it says so and shows what the
// player can already note down (the hash and the nonce).
function LinkedRound({ roundId }: { roundId: string }) {
  const { t } = useTranslation();
  const { state } = useLocation();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['inhouse', 'round', roundId], queryFn: ({ signal }) => fetchRound(roundId, signal) });
  const ready = q.data ? roundVerifyParams(q.data) : null;
  useEffect(() => {
    if (ready) void navigate(verifyHref(ready), { replace: true, state });
  }, [ready, navigate, state]);
  let body: ReactNode;
  if (q.isError) body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else if (!q.data || ready) body = <Spinner />;
  else
    body = (
      <div className="pge-panel">
        <p className="pge-mono" dir="ltr">
          {q.data.roundId} · {t('inhouse.fair.nonceShort')} {q.data.nonce}
        </p>
        <p>{t('inhouse.fair.serverSeedHash')}</p>
        <p className="pge-mono" dir="ltr">
          {q.data.serverSeedHash}
        </p>
        <p className="pge-alert" role="status">
          {t('inhouse.fair.sealedHelp')}
        </p>
      </div>
    );
  return (
    <VerifyScreen>
      <div className="pge-main">{body}</div>
    </VerifyScreen>
  );
}

// VerifyScreen is the verify page's frame: its title, a way back when the
// player came from another page of the app, and the body.
function VerifyScreen({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { key, state } = useLocation();
  return (
    <div className="pge pge-verify">
      <header className="pge-bar">
        <h1 className="pge-title">{t('inhouse.verify.title')}</h1>
        {key !== 'default' && <BackButton from={state} />}
      </header>
      <div className="pge-body">{children}</div>
    </div>
  );
}

// BackButton returns to where the player came from: the game, or the
// betting record when its link brought them (from is the location state).
function BackButton({ from }: { from: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const records = typeof from === 'object' && from !== null && (from as { from?: unknown }).from === FROM_RECORDS.from;
  return (
    <button type="button" className="button button-small" onClick={() => void navigate(-1)}>
      {t(records ? 'inhouse.verify.backToRecords' : 'inhouse.verify.back')}
    </button>
  );
}

// VerifyForm computes the result on the server (POST /inhouse/verify), and
// the player's own browser hashes the server seed so the commitment is
// checked without trusting the server.
function VerifyForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const p = usePermission();
  const money = useMoneyOf({ decimals: p.merchant.decimals, currencySymbol: p.merchant.currencySymbol });
  const decimals = p.merchant.decimals;
  const [form, setForm] = useState<Form>(() => {
    const v = readVerifyParams(params);
    return {
      game: v.game ?? 'PGE_SLOT',
      serverSeed: v.serverSeed ?? '',
      clientSeed: v.clientSeed ?? '',
      nonce: v.nonce !== undefined ? String(v.nonce) : '',
      stake: v.stake !== undefined ? toMajorText(v.stake, decimals) : toMajorText(10 ** decimals, decimals),
      target: formatHundredths(v.target ?? 5000),
      over: v.over ?? false,
      cashOut: formatHundredths(v.cashOut ?? 200),
      hash: v.hash ?? '',
    };
  });
  const [invalid, setInvalid] = useState<string | null>(null);
  const check = useMutation({
    // The browser's hash is worked out whatever the server answers.
    mutationFn: async ({ body, expected }: { body: VerifyBody; expected: string }): Promise<Outcome> => {
      const browserHash = await sha256Hex(body.serverSeed);
      const checked = { body, browserHash, expected };
      try {
        return { checked, answer: await postVerify<GameResult>(body), error: null };
      } catch (error) {
        return { checked, answer: null, error };
      }
    },
  });

  function bodyOf(f: Form): VerifyBody | null {
    const nonce = /^\d+$/.test(f.nonce.trim()) ? Number(f.nonce.trim()) : null;
    const stake = parseMajor(f.stake, decimals);
    if (!f.serverSeed.trim() || !f.clientSeed || nonce === null || stake === null || stake <= 0) return null;
    const body: VerifyBody = { game: f.game, serverSeed: f.serverSeed.trim(), clientSeed: f.clientSeed, nonce, stake };
    if (f.game === 'PGE_DICE') {
      const target = parseHundredths(f.target);
      if (target === null) return null;
      body.target = clamp(target, DICE_MIN_TARGET, DICE_MAX_TARGET);
      body.over = f.over;
    }
    if (f.game === 'PGE_CRASH') {
      const cashOut = parseHundredths(f.cashOut);
      if (cashOut === null) return null;
      body.cashOut = clamp(cashOut, CRASH_MIN_CASHOUT, CRASH_MAX_CASHOUT);
    }
    return body;
  }

  function submit(f = form) {
    const body = bodyOf(f);
    if (!body) {
      setInvalid(t('inhouse.verify.incomplete'));
      return;
    }
    setInvalid(null);
    check.mutate({ body, expected: f.hash });
  }

  // A link from a round arrives complete: check it straight away.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (params.get('serverSeed')) submit();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const out = check.data;
  return (
    <VerifyScreen>
      <div className="pge-main">
        <form
          className="pge-panel pge-verify-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field label={t('inhouse.verify.game')}>
            {(id) => (
              <select id={id} className="input" value={form.game} onChange={(e) => set('game', e.target.value as GameCode)}>
                {GAMES.map((g) => (
                  <option key={g} value={g}>
                    {t(`inhouse.title.${g}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('inhouse.fair.serverSeed')}>
            {(id) => <input id={id} className="input pge-mono" dir="ltr" spellCheck={false} autoComplete="off" value={form.serverSeed} onChange={(e) => set('serverSeed', e.target.value)} />}
          </Field>
          <Field label={t('inhouse.verify.expectedHash')} hint={t('inhouse.verify.expectedHashHelp')}>
            {(id) => <input id={id} className="input pge-mono" dir="ltr" spellCheck={false} autoComplete="off" value={form.hash} onChange={(e) => set('hash', e.target.value)} />}
          </Field>
          <Field label={t('inhouse.fair.clientSeed')}>
            {(id) => <input id={id} className="input pge-mono" dir="ltr" spellCheck={false} autoComplete="off" value={form.clientSeed} onChange={(e) => set('clientSeed', e.target.value)} />}
          </Field>
          <div className="pge-form-row">
            <Field label={t('inhouse.fair.nonceShort')}>
              {(id) => <input id={id} className="input" dir="ltr" inputMode="numeric" autoComplete="off" value={form.nonce} onChange={(e) => set('nonce', e.target.value)} />}
            </Field>
            <Field label={t('inhouse.stake')}>
              {(id) => <input id={id} className="input" dir="ltr" inputMode="decimal" autoComplete="off" value={form.stake} onChange={(e) => set('stake', e.target.value)} />}
            </Field>
          </div>
          {form.game === 'PGE_DICE' && (
            <div className="pge-form-row">
              <Field label={t('inhouse.dice.target')}>
                {(id) => <input id={id} className="input" dir="ltr" inputMode="decimal" autoComplete="off" value={form.target} onChange={(e) => set('target', e.target.value)} />}
              </Field>
              <div className="pge-toggle pge-toggle-field" role="group" aria-label={t('inhouse.dice.side')}>
                <button type="button" className="chip" aria-pressed={!form.over} onClick={() => set('over', false)}>
                  {t('inhouse.dice.under')}
                </button>
                <button type="button" className="chip" aria-pressed={form.over} onClick={() => set('over', true)}>
                  {t('inhouse.dice.over')}
                </button>
              </div>
            </div>
          )}
          {form.game === 'PGE_CRASH' && (
            <Field label={t('inhouse.crash.cashOut')}>
              {(id) => <input id={id} className="input" dir="ltr" inputMode="decimal" autoComplete="off" value={form.cashOut} onChange={(e) => set('cashOut', e.target.value)} />}
            </Field>
          )}
          {invalid && (
            <p className="form-error" role="alert">
              {invalid}
            </p>
          )}
          <button type="submit" className="button button-primary" disabled={check.isPending}>
            {t('inhouse.verify.submit')}
          </button>
        </form>
        {out && (
          <section className="pge-panel pge-verify-out" aria-live="polite" data-testid="verify-result">
            <h2 className="pge-panel-title">{t('inhouse.verify.outcome')}</h2>
            <HashChecks browserHash={out.checked.browserHash} serverHash={out.answer?.serverSeedHash ?? ''} expected={out.checked.expected} />
            {out.error ? (
              <p className="pge-alert" role="alert">
                {errorText(out.error, t)}
              </p>
            ) : (
              out.answer && <ResultView game={out.checked.body.game} result={out.answer.result} money={money} />
            )}
          </section>
        )}
      </div>
      <aside className="pge-side">
        <section className="pge-panel" id="how">
          <h2 className="pge-panel-title">{t('inhouse.verify.how')}</h2>
          <ol className="pge-how">
            <li>{t('inhouse.verify.how1')}</li>
            <li>{t('inhouse.verify.how2')}</li>
            <li>{t('inhouse.verify.how3')}</li>
            <li>{t('inhouse.verify.how4')}</li>
          </ol>
        </section>
      </aside>
    </VerifyScreen>
  );
}

function Field({ label, hint, children }: { label: string; hint?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint && <p className="pge-hint">{hint}</p>}
    </div>
  );
}

// HashChecks shows the server's hash of the seed, the browser's own, and
// whether they agree with each other and with the commitment shown before
// the round.
function HashChecks({ browserHash, serverHash, expected }: { browserHash: string; serverHash: string; expected: string }) {
  const { t } = useTranslation();
  const agree = sameHash(browserHash, serverHash);
  return (
    <div className="pge-hashes">
      <dl className="pge-facts">
        {serverHash && (
          <>
            <dt>{t('inhouse.verify.serverHash')}</dt>
            <dd className="pge-mono" data-testid="server-hash">
              {serverHash}
            </dd>
          </>
        )}
        <dt>{t('inhouse.verify.browserHash')}</dt>
        <dd className="pge-mono" data-testid="browser-hash">
          {browserHash}
        </dd>
      </dl>
      {serverHash && (
        <p className="pge-check" data-ok={agree} data-testid="hash-check">
          <span aria-hidden="true">{agree ? '✓' : '✗'}</span> {t(agree ? 'inhouse.verify.match' : 'inhouse.verify.mismatch')}
        </p>
      )}
      {expected.trim() && (
        <p className="pge-check" data-ok={sameHash(browserHash, expected)} data-testid="commit-check">
          <span aria-hidden="true">{sameHash(browserHash, expected) ? '✓' : '✗'}</span>{' '}
          {t(sameHash(browserHash, expected) ? 'inhouse.verify.commitMatch' : 'inhouse.verify.commitMismatch')}
        </p>
      )}
    </div>
  );
}

function ResultView({ game, result, money }: { game: GameCode; result: GameResult; money: ReturnType<typeof useMoneyOf> }) {
  const { t } = useTranslation();
  const lines = usePaytable().data?.slot.lines ?? [];
  if (game === 'PGE_SLOT') return <SlotRoundView result={result as SlotResult} lines={lines} money={money} />;
  if (game === 'PGE_DICE') {
    const r = result as DiceResult;
    return (
      <dl className="pge-facts pge-replay">
        <dt>{t('inhouse.dice.result')}</dt>
        <dd className="pge-big-number" dir="ltr">
          {money.hundredths(r.roll)}
        </dd>
        <dt>{t(r.over ? 'inhouse.dice.targetOver' : 'inhouse.dice.targetUnder')}</dt>
        <dd dir="ltr">{money.hundredths(r.target)}</dd>
        <dt>{t('inhouse.win')}</dt>
        <dd dir="ltr">{r.won ? money.plain(r.win) : t('inhouse.lost')}</dd>
      </dl>
    );
  }
  const r = result as CrashResult;
  return (
    <dl className="pge-facts pge-replay">
      <dt>{t('inhouse.crash.point')}</dt>
      <dd className="pge-big-number" dir="ltr">
        {formatHundredths(r.crashPoint)}×
      </dd>
      <dt>{t('inhouse.crash.cashOut')}</dt>
      <dd dir="ltr">{formatHundredths(r.cashOut)}×</dd>
      <dt>{t('inhouse.win')}</dt>
      <dd dir="ltr">{r.won ? money.plain(r.win) : t('inhouse.lost')}</dd>
    </dl>
  );
}
