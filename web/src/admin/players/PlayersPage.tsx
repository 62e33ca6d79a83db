import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatch, useNavigate, useSearchParams } from 'react-router';
import { adminGet, adminPost } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatAmount, formatTime } from '../lib/format';
import { can, useAdminSession } from '../lib/session';
import type { Page, PlayerDetail, PlayerRow } from '../lib/types';
import { Pager, pageSizes } from '../components/Pager';
import { PlayerRecord } from './PlayerRecord';

const playersKey = ['admin', 'players'];
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, PlayerRow>();
const noRows: PlayerRow[] = [];
// debounceMs is how long the search waits after the last keystroke.
const debounceMs = 350;

/** PlayersPage is the player search and, at /players/:id, the player's
 * profile with the actions an operator with players.write may take. The
 * search and its page live in the address, so a search and a profile can
 * be linked and survive opening a player. */
export function PlayersPage() {
  const { t } = useTranslation();
  const match = useMatch('/players/:id');
  const id = match?.params.id ?? '';
  return (
    <section className="admin-page" aria-labelledby="page-players">
      <div className="admin-page-head">
        <h1 id="page-players">{t('sections.players.title')}</h1>
        <p className="muted">{t('players.summary')}</p>
      </div>
      {id && <PlayerPanel key={id} id={id} />}
      <PlayerSearch openId={id} />
    </section>
  );
}

/** numberParam is a positive whole number from the address, or fallback. */
function numberParam(v: string | null, fallback: number, allowed?: number[]): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) return fallback;
  if (allowed && !allowed.includes(n)) return fallback;
  return n;
}

function PlayerSearch({ openId }: { openId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pageNum = numberParam(params.get('page'), 1);
  const pageSize = numberParam(params.get('size'), pageSizes[0], pageSizes);
  const [draft, setDraft] = useState(q);

  const update = (next: { q?: string; page?: number; size?: number }) => {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        const set = (k: string, v: string | number | undefined, empty: string | number) => {
          if (v === undefined) return;
          if (v === empty || v === '') p.delete(k);
          else p.set(k, String(v));
        };
        set('q', next.q, '');
        set('page', next.page, 1);
        set('size', next.size, pageSizes[0]);
        return p;
      },
      { replace: true },
    );
  };

  // The search follows the box a moment after the last keystroke.
  useEffect(() => {
    const text = draft.trim();
    if (text === q) return;
    const timer = setTimeout(() => update({ q: text, page: 1 }), debounceMs);
    return () => clearTimeout(timer);
    // update is rebuilt each render; only the text matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, q]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (text !== q) update({ q: text, page: 1 });
  };

  const page = useQuery({
    queryKey: [...playersKey, 'list', q, pageNum, pageSize],
    queryFn: ({ signal }) => adminGet<Page<PlayerRow>>('/admin/api/players', { q, pageNum, pageSize }, signal),
    placeholderData: keepPreviousData,
  });

  const linkTo = (id: number) => ({ pathname: `/players/${id}`, search: location.search });

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('username', {
          header: () => t('players.fields.username'),
          cell: (c) => (
            <Link to={linkTo(c.row.original.id)} aria-current={String(c.row.original.id) === openId ? 'page' : undefined}>
              {c.getValue()}
            </Link>
          ),
        }),
        helper.accessor('id', { header: () => t('players.fields.id') }),
        helper.accessor('status', { header: () => t('players.fields.status'), cell: (c) => <StatusBadge status={c.getValue()} /> }),
        helper.accessor('balance', {
          header: () => t('players.fields.balance'),
          cell: (c) => <Balance amount={c.getValue()} currency={c.row.original.currency} language={i18n.language} />,
        }),
        helper.accessor('mobile', { header: () => t('players.fields.mobile') }),
        helper.accessor('email', {
          header: () => t('players.fields.email'),
          cell: (c) => (
            <span className="admin-value" title={c.getValue()}>
              {c.getValue()}
            </span>
          ),
        }),
        helper.accessor('createdAt', { header: () => t('players.fields.createdAt'), cell: (c) => <Time iso={c.getValue()} language={i18n.language} /> }),
        helper.accessor('lastLoginAt', {
          header: () => t('players.fields.lastLoginAt'),
          cell: (c) => (c.getValue() ? <Time iso={c.getValue()} language={i18n.language} /> : <span className="muted">{t('players.never')}</span>),
        }),
      ]),
    // linkTo reads location.search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, openId, location.search],
  );

  const table = useTable({ features, columns, data: page.data?.content ?? noRows });
  const totalPages = page.data?.totalPages ?? 0;
  // A click anywhere on a row opens it; the username link is the keyboard's way.
  const openRow = (e: MouseEvent, id: number) => {
    if ((e.target as HTMLElement).closest('a, button, input, select')) return;
    navigate(linkTo(id));
  };

  return (
    <div className="admin-panel">
      <h2 id="player-search">{t('sections.players.parts.search')}</h2>
      <form className="admin-filters" role="search" aria-labelledby="player-search" onSubmit={submit}>
        <label className="admin-field admin-field-wide">
          <span>{t('players.search.label')}</span>
          <input
            className="input"
            type="search"
            name="q"
            maxLength={64}
            autoComplete="off"
            aria-describedby="player-search-hint"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <div className="admin-filter-actions">
          <button className="button button-primary button-small" type="submit">
            {t('players.search.submit')}
          </button>
        </div>
        <p id="player-search-hint" className="muted admin-search-hint">
          {t('players.search.hint')}
        </p>
      </form>
      {page.isError && (
        <p className="admin-error" role="alert">
          {errorText(page.error, t)}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table" aria-busy={page.isFetching} aria-labelledby="player-search">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.original.id}
                data-testid={`player-${row.original.id}`}
                className={String(row.original.id) === openId ? 'admin-row-open admin-row-selected' : 'admin-row-open'}
                onClick={(e) => openRow(e, row.original.id)}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && !page.data.content?.length && (
          <p className="admin-empty-row" role="status">
            {t(q ? 'players.search.none' : 'players.search.empty')}
          </p>
        )}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager pageNum={pageNum} totalPages={totalPages} total={page.data?.total ?? 0} pageSize={pageSize} onPage={(n) => update({ page: n })} onSize={(n) => update({ size: n, page: 1 })} />
    </div>
  );
}

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = status === 'active' || status === 'frozen';
  return (
    <span className={`admin-badge ${status === 'active' ? 'admin-badge-on' : status === 'frozen' ? 'admin-badge-off' : ''}`}>
      {known ? t(`players.statuses.${status}`) : status}
    </span>
  );
}

function Balance({ amount, currency, language }: { amount: string; currency: string; language: string }) {
  return (
    <span className="admin-amount">
      {formatAmount(amount, language)} {currency}
    </span>
  );
}

function Time({ iso, language }: { iso: string | null; language: string }) {
  if (!iso) return null;
  return <time dateTime={iso}>{formatTime(iso, language)}</time>;
}

type Action = 'freeze' | 'unfreeze' | 'logout';

// PlayerPanel is one player's profile: the fields, the balance, the active
// sessions and known addresses, and the actions players.write allows.
function PlayerPanel({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const location = useLocation();
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState('');
  const ref = useRef<HTMLDivElement>(null);
  const writer = can(me, 'players.write');

  const detail = useQuery({
    queryKey: [...playersKey, 'detail', id],
    queryFn: ({ signal }) => adminGet<PlayerDetail>(`/admin/api/players/${encodeURIComponent(id)}`, undefined, signal),
  });

  // Opening a player moves the focus to its panel, for the keyboard and
  // screen readers alike.
  useEffect(() => ref.current?.focus(), []);

  const p = detail.data?.player;
  const title = p ? t('players.detail.title', { name: p.username }) : t('sections.players.parts.profile');
  const lang = i18n.language;

  return (
    <div className="admin-panel admin-player" role="region" aria-labelledby="player-detail" tabIndex={-1} ref={ref}>
      <div className="admin-player-head">
        <h2 id="player-detail">{title}</h2>
        <Link className="button button-small" to={{ pathname: '/players', search: location.search }}>
          {t('players.detail.close')}
        </Link>
      </div>
      {detail.isPending && <p className="muted">{t('common.loading')}</p>}
      {detail.isError && (
        <p className="admin-error" role="alert">
          {errorText(detail.error, t)}
        </p>
      )}
      {p && (
        <>
          <dl className="admin-dl">
            <div>
              <dt>{t('players.fields.id')}</dt>
              <dd>{p.id}</dd>
            </div>
            <div>
              <dt>{t('players.fields.username')}</dt>
              <dd>{p.username}</dd>
            </div>
            <div>
              <dt>{t('players.fields.status')}</dt>
              <dd data-testid="player-status">
                <StatusBadge status={p.status} />
              </dd>
            </div>
            <div>
              <dt>{t('players.fields.balance')}</dt>
              <dd data-testid="player-balance">
                <Balance amount={p.balance} currency={p.currency} language={lang} />
              </dd>
            </div>
            <div>
              <dt>{t('players.fields.type')}</dt>
              <dd>{p.type}</dd>
            </div>
            <div>
              <dt>{t('players.fields.realName')}</dt>
              <dd>{p.realName}</dd>
            </div>
            <div>
              <dt>{t('players.fields.mobile')}</dt>
              <dd>{p.mobile}</dd>
            </div>
            <div>
              <dt>{t('players.fields.email')}</dt>
              <dd>{p.email}</dd>
            </div>
            <div>
              <dt>{t('players.fields.createdAt')}</dt>
              <dd>
                <Time iso={p.createdAt} language={lang} />
              </dd>
            </div>
            <div>
              <dt>{t('players.fields.lastLoginAt')}</dt>
              <dd>{p.lastLoginAt ? <Time iso={p.lastLoginAt} language={lang} /> : t('players.never')}</dd>
            </div>
          </dl>

          {writer && (
            <div className="admin-actions" role="group" aria-label={t('players.actions.label')}>
              {p.status === 'frozen' ? (
                <button type="button" className="button button-small" onClick={() => setAction('unfreeze')}>
                  {t('players.actions.unfreeze')}
                </button>
              ) : (
                <button type="button" className="button button-small admin-danger" onClick={() => setAction('freeze')}>
                  {t('players.actions.freeze')}
                </button>
              )}
              <button type="button" className="button button-small" onClick={() => setAction('logout')}>
                {t('players.actions.logout')}
              </button>
            </div>
          )}
          {writer && action && (
            <ActionPanel
              key={action}
              player={p}
              action={action}
              onCancel={() => setAction(null)}
              onDone={(text) => {
                setAction(null);
                setNotice(text);
              }}
            />
          )}
          {notice && (
            <p className="admin-notice" role="status">
              {notice}
            </p>
          )}

          <h3 id="player-sessions">{t('players.sessions.title')}</h3>
          <SmallTable
            labelledBy="player-sessions"
            testId="player-sessions"
            heads={[t('players.sessions.createdAt'), t('players.sessions.lastSeenAt'), t('players.sessions.ip')]}
            rows={(detail.data?.sessions ?? []).map((s) => [<Time key="c" iso={s.createdAt} language={lang} />, <Time key="l" iso={s.lastSeenAt} language={lang} />, s.ip])}
            none={t('players.sessions.none')}
          />
          <h3 id="player-addresses">{t('players.addresses.title')}</h3>
          <SmallTable
            labelledBy="player-addresses"
            testId="player-addresses"
            heads={[t('players.addresses.ip'), t('players.addresses.firstSeen'), t('players.addresses.lastSeen')]}
            rows={(detail.data?.addresses ?? []).map((a) => [a.ip, <Time key="f" iso={a.firstSeen} language={lang} />, <Time key="l" iso={a.lastSeen} language={lang} />])}
            none={t('players.addresses.none')}
          />
          {detail.data && <PlayerRecord player={p} detail={detail.data} writer={writer} />}
        </>
      )}
    </div>
  );
}

function SmallTable({ labelledBy, testId, heads, rows, none }: { labelledBy: string; testId: string; heads: string[]; rows: ReactNode[][]; none: string }) {
  return (
    <div className="admin-table-wrap admin-table-small">
      <table className="admin-table" aria-labelledby={labelledBy} data-testid={testId}>
        <thead>
          <tr>
            {heads.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {!rows.length && <p className="admin-empty-row muted">{none}</p>}
    </div>
  );
}

// ActionPanel restates what an action does and asks for it: freezing and
// unfreezing take a reason, a forced log-out only a confirmation. The
// profile and the list refresh afterwards, refused or not: a refusal may
// mean someone else changed the player first.
function ActionPanel({ player, action, onCancel, onDone }: { player: PlayerRow; action: Action; onCancel: () => void; onDone: (notice: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const needsReason = action !== 'logout';

  const act = useMutation({
    mutationFn: () =>
      needsReason
        ? adminPost<PlayerRow>(`/admin/api/players/${player.id}/${action}`, { reason: reason.trim() })
        : adminPost<unknown>(`/admin/api/players/${player.id}/${action}`),
    onMutate: () => setError(''),
    onSuccess: () => onDone(t(`players.actions.done.${action}`, { name: player.username })),
    onError: (err) => setError(errorText(err, t)),
    onSettled: () => client.invalidateQueries({ queryKey: playersKey }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (needsReason && !reason.trim()) {
      setError(t('players.actions.reasonRequired'));
      return;
    }
    act.mutate();
  };
  const title = t(`players.actions.title.${action}`, { name: player.username });

  return (
    <div className="admin-confirm" role="region" aria-label={title} tabIndex={-1} ref={ref} onKeyDown={(e) => e.key === 'Escape' && !act.isPending && onCancel()}>
      <p>
        <strong>{title}</strong>
      </p>
      <p>{t(`players.actions.effect.${action}`, { name: player.username })}</p>
      <form className="admin-filters" onSubmit={submit} noValidate>
        {needsReason && (
          <label className="admin-field admin-field-wide">
            <span>{t('players.actions.reason')}</span>
            <input
              className="input"
              name="reason"
              required
              maxLength={500}
              autoComplete="off"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={error && !reason.trim() ? true : undefined}
              aria-describedby={error ? 'player-action-error' : undefined}
            />
          </label>
        )}
        <div className="admin-filter-actions">
          <button type="submit" className={action === 'unfreeze' ? 'button button-primary button-small' : 'button button-small admin-danger'} disabled={act.isPending}>
            {t(`players.actions.confirm.${action}`)}
          </button>
          <button type="button" className="button button-small" disabled={act.isPending} onClick={onCancel}>
            {t('players.actions.cancel')}
          </button>
        </div>
      </form>
      {error && (
        <p className="admin-error" role="alert" id="player-action-error">
          {error}
        </p>
      )}
    </div>
  );
}
