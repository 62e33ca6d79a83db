import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { formatClock, formatEpoch } from '../../lib/format';
import { postSeed, roundsKey, seedsKey, useRounds, useSeeds, type PlayAnswer, type RevealedSeed, type Session } from './api';
import { roundVerifyParams, validClientSeed, VERIFY_PATH, verifyHref } from './fairness';
import { errorText, type GameState } from './useGame';

// FairnessPanel is the provably-fair side of a game page: the hash the
// house committed to before the next round, the player's client seed
// (theirs to change, which reveals the server seed used so far) and the
// nonce; then the player's last rounds with a link to replay each. A demo
// shows each round's seed, revealed at once.
export function FairnessPanel<R>({ g, session }: { g: GameState<R>; session: Session }) {
  const { t } = useTranslation();
  return (
    <section className="pge-panel pge-fair" aria-labelledby="pge-fair-title">
      <h2 id="pge-fair-title" className="pge-panel-title">
        {t('inhouse.fair.title')}
      </h2>
      {session.mode === 'demo' ? <DemoRounds rounds={g.demoRounds} g={g} /> : <SeedControls g={g} session={session} />}
      <p className="pge-hint pge-how-link">
        <Link to={`${VERIFY_PATH}#how`}>{t('inhouse.fair.howItWorks')}</Link>
      </p>
    </section>
  );
}

function SeedControls<R>({ g, session }: { g: GameState<R>; session: Session }) {
  const { t } = useTranslation();
  const id = useId();
  const token = g.launch.token;
  const client = useQueryClient();
  const seeds = useSeeds(token);
  const current = seeds.data?.current ?? session.seed;
  const [draft, setDraft] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (clientSeed: string) => postSeed(token!, clientSeed),
    onSuccess(v) {
      client.setQueryData(seedsKey(token), v);
      void client.invalidateQueries({ queryKey: roundsKey(token, g.game) });
      setDraft(null);
    },
    // A change that could not pay a round yet (inhouse.retry) has already
    // started the new pair; the old seed is revealed once the round is paid.
    onError() {
      void client.invalidateQueries({ queryKey: seedsKey(token) });
    },
  });
  const revealed = change.data?.previous ?? seeds.data?.previous ?? null;
  const value = draft ?? current?.clientSeed ?? '';
  const invalid = draft !== null && !validClientSeed(draft);

  return (
    <>
      <dl className="pge-facts">
        <dt>{t('inhouse.fair.serverSeedHash')}</dt>
        <dd className="pge-mono" data-testid="server-seed-hash">
          {current?.serverSeedHash ?? '…'}
        </dd>
        <dt>{t('inhouse.fair.nonce')}</dt>
        <dd className="pge-mono" data-testid="nonce">
          {current?.nonce ?? '…'}
        </dd>
      </dl>
      <form
        className="pge-seed-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (validClientSeed(value)) change.mutate(value);
        }}
      >
        <div className="field">
          <label htmlFor={id}>{t('inhouse.fair.clientSeed')}</label>
          <input
            id={id}
            className="input pge-mono"
            value={value}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            aria-invalid={invalid}
            aria-describedby={`${id}-help`}
            onChange={(e) => setDraft(e.target.value)}
          />
          <p id={`${id}-help`} className={invalid ? 'field-error' : 'pge-hint'}>
            {t(invalid ? 'inhouse.fair.clientSeedInvalid' : 'inhouse.fair.clientSeedHelp')}
          </p>
        </div>
        <button type="submit" className="button" disabled={!current || invalid || change.isPending || g.busy}>
          {t('inhouse.fair.change')}
        </button>
        {change.isError && (
          <p className="field-error" role="alert">
            {errorText(change.error, t)}
          </p>
        )}
      </form>
      {revealed && <Revealed seed={revealed} />}
      <RoundList g={g} />
    </>
  );
}

// Revealed is the server seed a seed change retired: the player hashes it
// to check the commitment and replays its rounds with it.
function Revealed({ seed }: { seed: RevealedSeed }) {
  const { t } = useTranslation();
  return (
    <div className="pge-revealed" data-testid="revealed-seed">
      <h3 className="pge-subtitle">{t('inhouse.fair.revealed')}</h3>
      <dl className="pge-facts">
        <dt>{t('inhouse.fair.serverSeed')}</dt>
        <dd className="pge-mono">{seed.serverSeed}</dd>
        <dt>{t('inhouse.fair.serverSeedHash')}</dt>
        <dd className="pge-mono">{seed.serverSeedHash}</dd>
        <dt>{t('inhouse.fair.clientSeed')}</dt>
        <dd className="pge-mono">{seed.clientSeed}</dd>
        <dt>{t('inhouse.fair.roundsPlayed')}</dt>
        <dd className="pge-mono">{seed.nonce}</dd>
      </dl>
    </div>
  );
}

function RoundList<R>({ g }: { g: GameState<R> }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useRounds(g.launch.token, g.game, page);
  return (
    <div className="pge-rounds">
      <h3 className="pge-subtitle">{t('inhouse.fair.rounds')}</h3>
      {q.isError && !q.data ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : q.data.content.length === 0 ? (
        <p className="pge-hint">{t('inhouse.fair.noRounds')}</p>
      ) : (
        <>
          <table className="pge-table pge-round-table" data-testid="rounds">
            <thead>
              <tr>
                <th scope="col">{t('inhouse.fair.nonceShort')}</th>
                <th scope="col" data-numeric>
                  {t('inhouse.stake')}
                </th>
                <th scope="col" data-numeric>
                  {t('inhouse.win')}
                </th>
                <th scope="col">{t('inhouse.fair.time')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('inhouse.fair.verify')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.content.map((r) => {
                const params = roundVerifyParams(r);
                return (
                  <tr key={r.roundId} data-status={r.status}>
                    <td className="pge-mono">{r.nonce}</td>
                    <td data-numeric dir="ltr">
                      {g.money.plain(r.stake)}
                    </td>
                    <td data-numeric dir="ltr">
                      {r.status === 'void' ? t('inhouse.fair.void') : r.status === 'pending' ? '…' : g.money.plain(r.win)}
                    </td>
                    <td>
                      <time dateTime={new Date(r.createdAt).toISOString()} title={formatEpoch(r.createdAt)}>
                        {formatClock(r.createdAt)}
                      </time>
                    </td>
                    <td>
                      {params ? (
                        <Link to={verifyHref(params)}>{t('inhouse.fair.verify')}</Link>
                      ) : (
                        <span className="pge-sealed" title={t('inhouse.fair.sealedHelp')}>
                          {t('inhouse.fair.sealed')}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Pagination page={q.data.pageNum || page} totalPages={q.data.totalPages} onPage={setPage} range={3} />
        </>
      )}
    </div>
  );
}

// DemoRounds lists a demo's rounds, each with the server seed it revealed.
function DemoRounds<R>({ rounds, g }: { rounds: PlayAnswer<R>[]; g: GameState<R> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => setOpen(rounds[0]?.roundId ?? null), [rounds]);
  if (rounds.length === 0) return <p className="pge-hint">{t('inhouse.fair.demoNote')}</p>;
  return (
    <ol className="pge-demo-rounds" data-testid="demo-rounds">
      {rounds.map((a) => {
        const params = bet(a);
        return (
          <li key={a.roundId}>
            <button type="button" className="pge-demo-round" aria-expanded={open === a.roundId} onClick={() => setOpen(open === a.roundId ? null : a.roundId)}>
              <span className="pge-mono">#{a.nonce}</span>
              <span dir="ltr">{g.money.plain(a.stake)}</span>
              <span dir="ltr">→ {g.money.plain(a.win)}</span>
            </button>
            {open === a.roundId && (
              <dl className="pge-facts">
                <dt>{t('inhouse.fair.serverSeed')}</dt>
                <dd className="pge-mono">{a.serverSeed}</dd>
                <dt>{t('inhouse.fair.serverSeedHash')}</dt>
                <dd className="pge-mono">{a.serverSeedHash}</dd>
                <dt>{t('inhouse.fair.clientSeed')}</dt>
                <dd className="pge-mono">{a.clientSeed}</dd>
                <dd>
                  {a.serverSeed && (
                    <Link to={verifyHref({ game: a.game, serverSeed: a.serverSeed, clientSeed: a.clientSeed, nonce: a.nonce, stake: a.stake, hash: a.serverSeedHash, ...params })}>
                      {t('inhouse.fair.verify')}
                    </Link>
                  )}
                </dd>
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}

// bet reads a played round's bet parameters back from its result.
function bet<R>(a: PlayAnswer<R>): { target?: number; over?: boolean; cashOut?: number } {
  const r = a.result as { target?: number; over?: boolean; cashOut?: number };
  if (a.game === 'PGE_DICE') return { target: r.target, over: r.over };
  if (a.game === 'PGE_CRASH') return { cashOut: r.cashOut };
  return {};
}
