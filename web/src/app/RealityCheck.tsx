import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../components/Dialog';
import { del, get } from '../lib/api';
import { bcp47 } from '../lib/language';
import { formatSigned } from '../lib/money';
import { endSession } from '../lib/session';

// The member's protection settings as this reminder needs them (the
// member centre's section reads the same answer under the same key).
type Settings = { limits: { kind: string; value: number | null }[]; currency: string; decimals: number } | null;
type Figures = { minutesPlayed: number; net: number };

// startKey keeps when this tab's session began; session storage is cleared
// at log-out, so a new log-in starts the count again.
const startKey = 'realityStart';

function sessionStart(): number {
  const kept = Number(sessionStorage.getItem(startKey));
  if (kept > 0 && kept <= Date.now()) return kept;
  const now = Date.now();
  sessionStorage.setItem(startKey, String(now));
  return now;
}

/** RealityCheck reminds a member who asked for it (decision 0032): every N
 * minutes of the session it shows the time spent and the session's net
 * result, and asks whether to continue or stop (stop logs out). */
export function RealityCheck({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const settings = useQuery({
    queryKey: ['protection'],
    queryFn: ({ signal }) => get<Settings>('/wps/protection', undefined, signal),
    // A trial account has no settings (403): no reminder, no retry.
    retry: false,
  });
  const every = settings.data?.limits?.find((l) => l.kind === 'realityMinutes')?.value ?? null;
  const [shown, setShown] = useState<{ minutes: number; figures: Figures | null } | null>(null);

  useEffect(() => {
    if (!every || shown) return;
    const start = sessionStart();
    const period = every * 60_000;
    const elapsed = Date.now() - start;
    const wait = period - (elapsed % period);
    const timer = window.setTimeout(() => {
      const minutes = Math.round((Date.now() - start) / 60_000);
      setShown({ minutes, figures: null });
      get<Figures>('/wps/protection/reality', { since: new Date(start).toISOString() }).then(
        (figures) => setShown((s) => (s ? { ...s, figures } : s)),
        () => undefined,
      );
    }, wait);
    return () => window.clearTimeout(timer);
  }, [every, shown, token]);

  if (!shown || !settings.data) return null;
  const { decimals, currency } = settings.data;
  async function stop() {
    try {
      await del('/wps/session/logout');
    } finally {
      endSession();
      setShown(null);
    }
  }
  return (
    <Dialog title={t('protection.reality.title')} onClose={() => setShown(null)} className="dialog-small">
      <p>{t('protection.reality.played', { n: shown.minutes })}</p>
      {shown.figures && (
        <p>
          {t('protection.reality.net', { amount: `\u2068${formatSigned(shown.figures.net, decimals, bcp47(i18n.language))} ${currency}\u2069` })}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={() => void stop()}>
          {t('protection.reality.stop')}
        </button>
        <button type="button" className="button button-primary" onClick={() => setShown(null)}>
          {t('protection.reality.continue')}
        </button>
      </div>
    </Dialog>
  );
}
