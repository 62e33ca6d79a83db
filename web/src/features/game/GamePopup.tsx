import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryRoutes } from '../../app/layout';
import { Dialog } from '../../components/Dialog';
import { recentKey } from '../../data/recent';
import { ApiError, post } from '../../lib/api';
import { launchOrigin, launchUrl } from '../../lib/cdn';
import { launchPlatform, type Launchable, type LaunchMode } from '../../lib/launch';
import { navigateTo } from '../../lib/navigation';
import { openPopup } from '../../lib/popups';
import { useSessionToken } from '../../lib/session';
import { gameErrorKey, safeGameUrl } from './launchErrors';

// What the launch call answers: a same-origin address to frame, and the
// money it plays with (trial accounts always play money).
type Launched = { url: string; mode: 'real' | 'trial' | 'demo' };

// GamePopup is where a launched game plays (spec §2 game popup): it asks
// the server for a game session, frames the answer, and on close lets the
// balance and the recent games catch up with what was played.
export function GamePopup({ target, mode = 'real', onClose }: { target: Launchable; mode?: LaunchMode; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const token = useSessionToken();
  const q = useQuery({
    queryKey: ['launch', token, i18n.language, mode, target.vassalage, target.gameCode ?? ''],
    queryFn: () =>
      post<Launched>('/wps/game/launchGame', {
        vassalage: target.vassalage,
        gameCode: target.gameCode ?? '',
        gameType: target.gameType,
        language: i18n.language,
        platform: launchPlatform(),
        mode,
      }),
    // A game session is asked once per opening; never retried or reused.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  function close() {
    void client.invalidateQueries({ queryKey: ['balance'] });
    void client.invalidateQueries({ queryKey: recentKey });
    onClose();
  }

  // Our own games say when a round moved the balance; the socket pushes it
  // too, this is the belt to its braces. Only pages of the launch host are
  // heard.
  useEffect(() => {
    function onMessage(e: MessageEvent) {
      if (e.origin !== launchOrigin() || !isBalanceMessage(e.data)) return;
      void client.invalidateQueries({ queryKey: ['balance'] });
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [client]);

  // Real money without a session: the login popup takes over.
  const needsLogin = q.error instanceof ApiError && q.error.code === 'login.not.session';
  useEffect(() => {
    if (!needsLogin) return;
    onClose();
    openPopup('login');
  }, [needsLogin]); // eslint-disable-line react-hooks/exhaustive-deps

  // The game's page comes from the chosen launch host.
  const url = q.data ? safeGameUrl(launchUrl(q.data.url), window.location.origin) : null;
  // An address that is not http(s) is refused like a failed launch.
  const failure = q.error ?? (q.data && !url ? new ApiError('game.bad_url', '', 200, null) : null);
  const stage = useRef<HTMLDivElement>(null);
  const playing = q.data?.mode;
  const canFullscreen = typeof document !== 'undefined' && !!document.fullscreenEnabled && !!url;
  const actions = (
    <>
      {playing === 'trial' && <span className="game-mode">{t('wallet.playMoney')}</span>}
      {playing === 'demo' && <span className="game-mode">{t('game.demoMode')}</span>}
      {canFullscreen && (
        <button type="button" className="button button-small button-ghost" onClick={() => void stage.current?.requestFullscreen?.()}>
          {t('game.fullscreen')}
        </button>
      )}
    </>
  );
  return (
    <Dialog title={target.displayName} onClose={close} className="game-popup" actions={actions}>
      {failure ? (
        needsLogin ? null : <GameError error={failure} gameType={target.gameType} onClose={close} />
      ) : (
        <GameStage title={target.displayName} url={url} stage={stage} />
      )}
    </Dialog>
  );
}

// isBalanceMessage recognises a game page's "the balance changed" note.
function isBalanceMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'portal:balance';
}

// GameStage frames the game, with a spinner until it loads.
function GameStage({ title, url, stage }: { title: string; url: string | null; stage: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="game-stage-wrap">
      <div className="game-stage" ref={stage}>
        {url && <iframe src={url} title={title} allow="fullscreen; autoplay" allowFullScreen referrerPolicy="same-origin" onLoad={() => setLoaded(true)} />}
        {!loaded && (
          <div className="game-loading" role="status">
            <span className="spinner-dot" aria-hidden="true" />
            <span className="visually-hidden">{t('game.starting')}</span>
          </div>
        )}
      </div>
    </div>
  );
}

// GameError says why the game did not start; a game under maintenance
// points at the other games of its category (spec §8).
function GameError({ error, gameType, onClose }: { error: unknown; gameType: string; onClose: () => void }) {
  const { t } = useTranslation();
  const key = gameErrorKey(error);
  const text = key ? t(key) : (error instanceof ApiError && error.message) || t('errors.unknown');
  const maintenance = error instanceof ApiError && error.code === 'game.maintenance';
  return (
    <div className="game-error" role="alert">
      <p>{text}</p>
      <div className="dialog-actions">
        {maintenance && (
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              onClose();
              navigateTo(categoryRoutes[gameType] ?? '/');
            }}
          >
            {t('game.otherGames')}
          </button>
        )}
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </div>
  );
}
