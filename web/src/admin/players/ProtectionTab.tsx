import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminGet } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatAmount, formatTime } from '../lib/format';
import type { PlayerRow } from '../lib/types';

// A player's protection (decision 0032): the limits they set on themself,
// what each period has used, a running cooling-off or self-exclusion, and
// every change. Read only: no operator raises or sets a member's limits.

type Limit = { kind: string; value: number | null; pending: number | null; pendingAt: string | null };
type Change = { kind: string; oldValue: number | null; newValue: number | null; period?: string; effectiveAt: string; actor: string; at: string };
export type PlayerProtection = {
  limits: Limit[];
  exclusion: { kind: 'coolingOff' | 'selfExclusion'; period: string; until: string | null } | null;
  usage: Record<string, number>;
  currency: string;
  decimals: number;
  history: Change[];
};

const minuteKinds = ['sessionMinutes', 'realityMinutes'];

/** major writes minor units as a decimal string, exactly (no float). */
export function major(minor: number, decimals: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return decimals === 0 ? sign + digits : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** ProtectionTab is the player record's read-only protection tab. */
export function ProtectionTab({ player }: { player: PlayerRow }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const q = useQuery({
    queryKey: ['admin', 'players', 'record', player.id, 'protection'],
    queryFn: ({ signal }) => adminGet<PlayerProtection>(`/admin/api/players/${player.id}/protection`, undefined, signal),
  });
  if (q.error) {
    return (
      <p className="admin-error" role="alert">
        {errorText(q.error, t)}
      </p>
    );
  }
  const p = q.data;
  if (!p) return <p className="muted">{t('playerProtection.loading')}</p>;
  const show = (kind: string, v: number | null) => {
    if (v === null) return t('playerProtection.none');
    if (minuteKinds.includes(kind)) return t('playerProtection.minutes', { n: v });
    return `${formatAmount(major(v, p.decimals), lang)} ${p.currency}`;
  };
  const used = (kind: string) => (kind === 'sessionMinutes' ? show(kind, p.usage.minutesToday ?? 0) : kind in p.usage ? show(kind, p.usage[kind]) : '');
  const changeValue = (c: Change, v: number | null) => {
    if (c.kind !== 'exclusion') return show(c.kind, v);
    // An exclusion's values are its end; a permanent one has none (or one
    // past any date a Date can hold).
    if ((v === null && v === c.newValue) || (v !== null && v > 8.64e15)) return t('playerProtection.permanent');
    if (v === null) return t('playerProtection.none');
    return formatTime(new Date(v).toISOString(), lang);
  };
  const e = p.exclusion;
  return (
    <div className="admin-protection">
      <p className="muted">{t('playerProtection.lead')}</p>
      <p role="status">
        {e === null
          ? t('playerProtection.notExcluded')
          : e.until === null
            ? t('playerProtection.permanent')
            : t(e.kind === 'coolingOff' ? 'playerProtection.coolingOff' : 'playerProtection.selfExclusion', { time: formatTime(e.until, lang) })}
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table" aria-label={t('playerProtection.limits')}>
          <thead>
            <tr>
              <th scope="col">{t('playerProtection.limit')}</th>
              <th scope="col">{t('playerProtection.current')}</th>
              <th scope="col">{t('playerProtection.used')}</th>
              <th scope="col">{t('playerProtection.pending')}</th>
            </tr>
          </thead>
          <tbody>
            {p.limits.map((l) => (
              <tr key={l.kind}>
                <td>{t(`playerProtection.kinds.${l.kind}`)}</td>
                <td>{show(l.kind, l.value)}</td>
                <td>{l.value === null ? '' : used(l.kind)}</td>
                <td>{l.pendingAt ? `${l.pending === null ? t('playerProtection.removal') : show(l.kind, l.pending)} · ${formatTime(l.pendingAt, lang)}` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h4>{t('playerProtection.history')}</h4>
      <div className="admin-table-wrap">
        <table className="admin-table" aria-label={t('playerProtection.history')}>
          <thead>
            <tr>
              <th scope="col">{t('playerProtection.at')}</th>
              <th scope="col">{t('playerProtection.limit')}</th>
              <th scope="col">{t('playerProtection.from')}</th>
              <th scope="col">{t('playerProtection.to')}</th>
              <th scope="col">{t('playerProtection.effective')}</th>
              <th scope="col">{t('playerProtection.actor')}</th>
            </tr>
          </thead>
          <tbody>
            {p.history.map((c, i) => (
              <tr key={i}>
                <td>{formatTime(c.at, lang)}</td>
                <td>{c.kind === 'exclusion' ? `${t('playerProtection.kinds.exclusion')} (${t(`playerProtection.periods.${c.period}`)})` : t(`playerProtection.kinds.${c.kind}`)}</td>
                <td>{changeValue(c, c.oldValue)}</td>
                <td>{changeValue(c, c.newValue)}</td>
                <td>{formatTime(c.effectiveAt, lang)}</td>
                <td>{c.actor === 'member' ? t('playerProtection.byMember') : c.actor}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {!p.history.length && <p className="admin-empty-row muted">{t('playerProtection.noHistory')}</p>}
      </div>
    </div>
  );
}
