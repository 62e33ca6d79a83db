import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import type { Session } from './api';
import type { GameState } from './useGame';
import './inhouse.css';
import './strings';

// GameScreen is the frame every in-house game page shares: the game's name,
// the money it plays with and the balance, the alert for a refused or lost
// round, the game itself and, beside or below it, its fairness panel.
export function GameScreen<R>({ g, children, side }: { g: GameState<R>; children: (s: Session) => ReactNode; side: (s: Session) => ReactNode }) {
  const { t } = useTranslation();
  const { session } = g;
  const title = t(`inhouse.title.${g.game}`);
  let body: ReactNode;
  if (!g.launch.token && !g.launch.demo) body = <EmptyState title={t('inhouse.noSession')} />;
  else if (session.isError) body = <LoadError error={session.error} onRetry={() => void session.refetch()} />;
  else if (!session.data) body = <Spinner />;
  const s = session.data;
  // In the game popup the popup's title already names the game.
  const framed = window.self !== window.top;
  return (
    <div className="pge" data-game={g.game} data-framed={framed || undefined}>
      <header className="pge-bar">
        <h1 className="pge-title">{title}</h1>
        {s?.mode === 'demo' && <span className="pge-mode" data-mode="demo">{t('inhouse.demoBadge')}</span>}
        {s?.mode === 'trial' && <span className="pge-mode">{t('wallet.playMoney')}</span>}
        {s && (
          <p className="pge-balance">
            <span className="pge-balance-label">{t(s.mode === 'demo' ? 'inhouse.demoCredits' : 'wallet.balance')}</span>
            <strong data-testid="inhouse-balance" dir="ltr">
              {g.balance === null ? '…' : g.money.format(g.balance)}
            </strong>
          </p>
        )}
      </header>
      {body ??
        (s && (
          <div className="pge-body">
            <div className="pge-main">
              {g.error && (
                <div className="pge-alert" role="alert">
                  <p>{g.error}</p>
                  {g.unresolved && <p className="pge-alert-note">{t('inhouse.unresolved')}</p>}
                  {s.mode === 'demo' && g.balance !== null && g.balance < s.limits.minStake && (
                    <button type="button" className="button button-small" onClick={g.resetDemo}>
                      {t('inhouse.demoReset')}
                    </button>
                  )}
                  <button type="button" className="pge-alert-close" aria-label={t('common.close')} onClick={g.dismissError}>
                    ×
                  </button>
                </div>
              )}
              {children(s)}
            </div>
            <aside className="pge-side">{side(s)}</aside>
          </div>
        ))}
    </div>
  );
}

// PlayButton is the one button that plays a round: disabled while one is
// in flight, and a retry of the same round after a lost answer.
export function PlayButton<R>({ g, label, onPlay, disabled }: { g: GameState<R>; label: string; onPlay: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button button-primary pge-play" disabled={g.busy || g.closed || disabled} aria-busy={g.busy} onClick={onPlay}>
      {g.busy ? t('inhouse.busy') : g.unresolved ? t('inhouse.retry') : label}
    </button>
  );
}
