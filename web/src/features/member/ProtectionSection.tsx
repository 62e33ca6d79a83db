import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { get, post, put } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import { formatTime } from '../../lib/format';
import { bcp47, rtlLanguages } from '../../lib/language';
import { formatMinor, parseMajor } from '../../lib/money';
import './protection.css';

// The member's own limits (decision 0032): amounts in minor units, minutes
// as whole numbers; a raise or a removal is pending until pendingAt.
export type LimitKind = 'depositDay' | 'depositWeek' | 'depositMonth' | 'lossDay' | 'lossWeek' | 'lossMonth' | 'sessionMinutes' | 'realityMinutes';
export type Limit = { kind: LimitKind; value: number | null; pending: number | null; pendingAt: string | null };
export type Protection = {
  limits: Limit[];
  exclusion: { kind: 'coolingOff' | 'selfExclusion'; period: string; until: string | null } | null;
  usage: Record<'depositDay' | 'depositWeek' | 'depositMonth' | 'lossDay' | 'lossWeek' | 'lossMonth' | 'minutesToday', number>;
  currency: string;
  decimals: number;
  raiseDelayHours: number;
};

export const protectionKey = ['protection'] as const;

const minuteKinds: LimitKind[] = ['sessionMinutes', 'realityMinutes'];
const coolingOff = ['24h', '7d', '30d'];
const selfExclusion = ['6m', '1y', 'permanent'];

/** ProtectionSection is "Responsible gaming" in the security centre: the
 * limits with what each period has used and any pending change, and the
 * cooling-off and self-exclusion, confirmed before they start. */
export function ProtectionSection() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: protectionKey, queryFn: ({ signal }) => get<Protection>('/wps/protection', undefined, signal) });
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const p = q.data;
  return (
    <section className="card protection" aria-labelledby="protection-title">
      <h3 id="protection-title">{t('protection.title')}</h3>
      <p className="muted">{t('protection.lead', { hours: p.raiseDelayHours })}</p>
      <ul className="protection-limits">
        {p.limits.map((l) => (
          <LimitRow key={l.kind} limit={l} data={p} />
        ))}
      </ul>
      <Breaks data={p} />
    </section>
  );
}

function useAmount() {
  const { i18n } = useTranslation();
  const locale = bcp47(i18n.language);
  const rtl = rtlLanguages.includes((i18n.language ?? '').toUpperCase());
  // Isolated so a right-to-left sentence keeps the figure and its code together.
  return (minor: number, p: Protection) => (rtl ? `\u2068${formatMinor(minor, p.decimals, locale)} ${p.currency}\u2069` : `${formatMinor(minor, p.decimals, locale)} ${p.currency}`);
}

function usedOf(kind: LimitKind, p: Protection): number | null {
  if (kind === 'sessionMinutes') return p.usage.minutesToday;
  if (kind === 'realityMinutes') return null;
  return p.usage[kind];
}

function LimitRow({ limit: l, data: p }: { limit: Limit; data: Protection }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const money = useAmount();
  const minutes = minuteKinds.includes(l.kind);
  const show = (v: number) => (minutes ? t('protection.minutes', { n: v }) : money(v, p));
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `limit-${l.kind}`;
  const used = usedOf(l.kind, p);

  async function send(value: number) {
    setBusy(true);
    setError('');
    try {
      const next = await put<Protection>('/wps/protection', { kind: l.kind, value });
      client.setQueryData(protectionKey, next);
      setText('');
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = minutes ? (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null) : parseMajor(text, p.decimals);
    if (value === null || value <= 0) {
      setError(t('protection.invalid'));
      return;
    }
    void send(value);
  }

  return (
    <li className="protection-limit">
      <form className="protection-form" onSubmit={submit} noValidate>
        <label htmlFor={id}>{t(`protection.kind.${l.kind}`)}</label>
        <span className="protection-current" data-testid={`current-${l.kind}`}>
          {l.value === null ? t('protection.none') : show(l.value)}
        </span>
        {used !== null && <span className="muted protection-used">{t('protection.used', { used: show(used) })}</span>}
        {l.pendingAt && (
          <span className="protection-pending" role="status">
            {l.pending === null ? t('protection.pendingRemoval', { time: formatTime(l.pendingAt) }) : t('protection.pending', { value: show(l.pending), time: formatTime(l.pendingAt) })}
          </span>
        )}
        <span className="protection-edit">
          <input id={id} className="input" inputMode={minutes ? 'numeric' : 'decimal'} value={text} onChange={(e) => setText(e.target.value)} disabled={busy} dir="ltr" />
          <button type="submit" className="button button-primary" disabled={busy || !text.trim()}>
            {t('protection.save')}
          </button>
          {l.value !== null && !(l.pendingAt && l.pending === null) && (
            <button type="button" className="button button-ghost" disabled={busy} onClick={() => void send(0)}>
              {t('protection.remove')}
            </button>
          )}
        </span>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

/** Breaks are the cooling-off and the self-exclusion: each asks for a
 * confirmation, since neither can be undone before it ends. */
function Breaks({ data: p }: { data: Protection }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [cool, setCool] = useState(coolingOff[0]);
  const [excl, setExcl] = useState(selfExclusion[0]);
  const [asking, setAsking] = useState<{ kind: 'coolingOff' | 'selfExclusion'; period: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const e = p.exclusion;

  async function start() {
    if (!asking) return;
    setBusy(true);
    setError('');
    try {
      client.setQueryData(protectionKey, await post<Protection>('/wps/protection/exclusion', { period: asking.period }));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  return (
    <div className="protection-breaks">
      <h4>{t('protection.breakTitle')}</h4>
      <p className="muted">{t('protection.breakLead')}</p>
      {e && (
        <p className="protection-active" role="status">
          {e.until === null
            ? t('protection.activePermanent')
            : t(e.kind === 'coolingOff' ? 'protection.activeCooling' : 'protection.activeExclusion', { time: formatTime(e.until) })}
        </p>
      )}
      {(e === null || e.until !== null) && (
        <div className="protection-break-forms">
          <BreakPicker kind="coolingOff" periods={coolingOff} value={cool} onChange={setCool} onStart={() => setAsking({ kind: 'coolingOff', period: cool })} busy={busy} />
          <BreakPicker kind="selfExclusion" periods={selfExclusion} value={excl} onChange={setExcl} onStart={() => setAsking({ kind: 'selfExclusion', period: excl })} busy={busy} />
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          text={t('protection.confirm', { what: t(`protection.${asking.kind}`), period: t(`protection.period.${asking.period}`) })}
          onConfirm={() => void start()}
          onCancel={() => setAsking(null)}
          busy={busy}
        />
      )}
    </div>
  );
}

function BreakPicker({ kind, periods, value, onChange, onStart, busy }: { kind: string; periods: string[]; value: string; onChange: (v: string) => void; onStart: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const id = `break-${kind}`;
  return (
    <div className="field">
      <label htmlFor={id}>{t(`protection.${kind}`)}</label>
      <span className="protection-edit">
        <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
          {periods.map((p) => (
            <option key={p} value={p}>
              {t(`protection.period.${p}`)}
            </option>
          ))}
        </select>
        <button type="button" className="button button-ghost" disabled={busy} onClick={onStart}>
          {t('protection.start')}
        </button>
      </span>
    </div>
  );
}
