import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, pageSizes } from '../components/Pager';
import { adminGet, adminPost, adminPut } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatAmount, formatTime } from '../lib/format';
import type { Page, PlayerDetail, PlayerRow } from '../lib/types';
import { ProtectionTab } from './ProtectionTab';
import './record.css';

// The rest of a player's record (decision 0027): ledger, bets, log-ins,
// messages, notes and tags, and the account resets. Each tab reads its
// own page from the server.

type LedgerRow = { id: number; time: string; type: string; amount: string; reference: string };
type BetRow = {
  roundId: string;
  gameName: string;
  gameCode: string;
  vendorName: string;
  gameType: string;
  stake: string;
  win: string;
  profit: string;
  status: string;
  mode: string;
  betTime: string;
};
type BetPage = Page<BetRow> & { totals: { count: number; stake: string; win: string; profit: string } };
type Login = { at: string; lastSeenAt: string; ip: string; userAgent: string; state: string };
type Message = { id: number; title: string; body: string; sender: string; createdAt: string; readAt: string | null };

export const recordTabs = ['ledger', 'bets', 'logins', 'messages', 'notes', 'protection'] as const;
type Tab = (typeof recordTabs)[number];
export const ledgerTypes = ['all', 'bet', 'win', 'rollback', 'adjust', 'play_money'] as const;

const recordKey = (id: number) => ['admin', 'players', 'record', id];

/** PlayerRecord is the tabbed lower half of a player's profile. */
export function PlayerRecord({ player, detail, writer }: { player: PlayerRow; detail: PlayerDetail; writer: boolean }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('ledger');
  return (
    <div className="admin-record">
      {writer && <AccountResets player={player} totp={detail.totp} />}
      <div className="admin-tabs" role="tablist" aria-label={t('playerRecord.tabsLabel')}>
        {recordTabs.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`record-tab-${id}`}
            aria-controls={`record-panel-${id}`}
            aria-selected={tab === id}
            tabIndex={tab === id ? 0 : -1}
            className={tab === id ? 'admin-tab admin-tab-on' : 'admin-tab'}
            onClick={() => setTab(id)}
            onKeyDown={(e) => {
              const i = recordTabs.indexOf(id);
              const next = e.key === 'ArrowRight' ? recordTabs[(i + 1) % recordTabs.length] : e.key === 'ArrowLeft' ? recordTabs[(i + recordTabs.length - 1) % recordTabs.length] : null;
              if (next) {
                setTab(next);
                document.getElementById(`record-tab-${next}`)?.focus();
              }
            }}
          >
            {t(`playerRecord.tabs.${id}`)}
            {id === 'notes' && detail.tags.length > 0 && <span className="admin-count">{detail.tags.length}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`record-panel-${tab}`} aria-labelledby={`record-tab-${tab}`} className="admin-tabpanel">
        {tab === 'ledger' && <LedgerTab player={player} />}
        {tab === 'bets' && <BetsTab player={player} />}
        {tab === 'logins' && <LoginsTab player={player} />}
        {tab === 'messages' && <MessagesTab player={player} writer={writer} unread={detail.unreadMessages} />}
        {tab === 'notes' && <NotesTab player={player} detail={detail} writer={writer} />}
        {tab === 'protection' && <ProtectionTab player={player} />}
      </div>
    </div>
  );
}

function usePaged() {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes[0]);
  return { pageNum, pageSize, setPageNum, setPageSize };
}

/** Grid is a plain server-paged table of one tab. */
function Grid({ label, heads, rows, none, busy, error }: { label: string; heads: string[]; rows: ReactNode[][]; none: string; busy: boolean; error: unknown }) {
  const { t } = useTranslation();
  return (
    <div className="admin-table-wrap">
      {error != null && (
        <p className="admin-error" role="alert">
          {errorText(error, t)}
        </p>
      )}
      <table className="admin-table" aria-label={label} aria-busy={busy}>
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
      {!busy && !rows.length && <p className="admin-empty-row muted">{none}</p>}
    </div>
  );
}

function DateRange({ from, to, onChange }: { from: string; to: string; onChange: (from: string, to: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="admin-field">
        <span>{t('playerRecord.from')}</span>
        <input className="input" type="date" value={from} onChange={(e) => onChange(e.target.value, to)} />
      </label>
      <label className="admin-field">
        <span>{t('playerRecord.to')}</span>
        <input className="input" type="date" value={to} onChange={(e) => onChange(from, e.target.value)} />
      </label>
    </>
  );
}

// tz is the browser's offset, as the server's report calls take it.
const tz = () => new Date().getTimezoneOffset();

function LedgerTab({ player }: { player: PlayerRow }) {
  const { t, i18n } = useTranslation();
  const paged = usePaged();
  const [type, setType] = useState<string>('all');
  const [range, setRange] = useState({ from: '', to: '' });
  const q = useQuery({
    queryKey: [...recordKey(player.id), 'ledger', type, range, paged.pageNum, paged.pageSize],
    queryFn: ({ signal }) =>
      adminGet<Page<LedgerRow>>(
        `/admin/api/players/${player.id}/ledger`,
        { type, startDate: range.from, endDate: range.to, tz: tz(), pageNum: paged.pageNum, pageSize: paged.pageSize },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const lang = i18n.language;
  return (
    <>
      <div className="admin-filters">
        <label className="admin-field">
          <span>{t('playerRecord.ledger.type')}</span>
          <select
            className="input"
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              paged.setPageNum(1);
            }}
          >
            {ledgerTypes.map((k) => (
              <option key={k} value={k}>
                {t(`playerRecord.ledger.types.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <DateRange
          from={range.from}
          to={range.to}
          onChange={(from, to) => {
            setRange({ from, to });
            paged.setPageNum(1);
          }}
        />
      </div>
      <Grid
        label={t('playerRecord.tabs.ledger')}
        heads={[t('playerRecord.ledger.time'), t('playerRecord.ledger.type'), t('playerRecord.ledger.amount'), t('playerRecord.ledger.reference')]}
        rows={(q.data?.content ?? []).map((r) => [
          <time key="t" dateTime={r.time}>
            {formatTime(r.time, lang)}
          </time>,
          ledgerTypes.includes(r.type as (typeof ledgerTypes)[number]) ? t(`playerRecord.ledger.types.${r.type}`) : r.type,
          <span key="a" className="admin-amount">
            {formatAmount(r.amount, lang, true)} {player.currency}
          </span>,
          r.reference,
        ])}
        none={t('playerRecord.ledger.none')}
        busy={q.isPending}
        error={q.error}
      />
      <Pager pageNum={paged.pageNum} totalPages={q.data?.totalPages ?? 0} total={q.data?.total ?? 0} pageSize={paged.pageSize} onPage={paged.setPageNum} onSize={(n) => (paged.setPageSize(n), paged.setPageNum(1))} />
    </>
  );
}

function BetsTab({ player }: { player: PlayerRow }) {
  const { t, i18n } = useTranslation();
  const paged = usePaged();
  const [range, setRange] = useState({ from: '', to: '' });
  const q = useQuery({
    queryKey: [...recordKey(player.id), 'bets', range, paged.pageNum, paged.pageSize],
    queryFn: ({ signal }) =>
      adminGet<BetPage>(`/admin/api/players/${player.id}/bets`, { startDate: range.from, endDate: range.to, tz: tz(), pageNum: paged.pageNum, pageSize: paged.pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  const lang = i18n.language;
  const money = (v: string, signed = false) => (
    <span className="admin-amount">
      {formatAmount(v, lang, signed)} {player.currency}
    </span>
  );
  const totals = q.data?.totals;
  return (
    <>
      <div className="admin-filters">
        <DateRange
          from={range.from}
          to={range.to}
          onChange={(from, to) => {
            setRange({ from, to });
            paged.setPageNum(1);
          }}
        />
      </div>
      {totals && (
        <p className="muted" data-testid="bet-totals">
          {t('playerRecord.bets.totals', { count: totals.count })} · {t('playerRecord.bets.stake')} {formatAmount(totals.stake, lang)} · {t('playerRecord.bets.win')}{' '}
          {formatAmount(totals.win, lang)} · {t('playerRecord.bets.profit')} {formatAmount(totals.profit, lang, true)} {player.currency}
        </p>
      )}
      <Grid
        label={t('playerRecord.tabs.bets')}
        heads={[
          t('playerRecord.bets.time'),
          t('playerRecord.bets.game'),
          t('playerRecord.bets.stake'),
          t('playerRecord.bets.win'),
          t('playerRecord.bets.profit'),
          t('playerRecord.bets.status'),
          t('playerRecord.bets.round'),
        ]}
        rows={(q.data?.content ?? []).map((r) => [
          <time key="t" dateTime={r.betTime}>
            {formatTime(r.betTime, lang)}
          </time>,
          `${r.gameName || r.gameCode} · ${r.vendorName}${r.mode === 'trial' ? ` (${t('playerRecord.bets.trial')})` : ''}`,
          money(r.stake),
          money(r.win),
          money(r.profit, true),
          r.status,
          <code key="r">{r.roundId}</code>,
        ])}
        none={t('playerRecord.bets.none')}
        busy={q.isPending}
        error={q.error}
      />
      <Pager pageNum={paged.pageNum} totalPages={q.data?.totalPages ?? 0} total={q.data?.total ?? 0} pageSize={paged.pageSize} onPage={paged.setPageNum} onSize={(n) => (paged.setPageSize(n), paged.setPageNum(1))} />
    </>
  );
}

function LoginsTab({ player }: { player: PlayerRow }) {
  const { t, i18n } = useTranslation();
  const paged = usePaged();
  const q = useQuery({
    queryKey: [...recordKey(player.id), 'logins', paged.pageNum, paged.pageSize],
    queryFn: ({ signal }) => adminGet<Page<Login>>(`/admin/api/players/${player.id}/logins`, { pageNum: paged.pageNum, pageSize: paged.pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  const lang = i18n.language;
  return (
    <>
      <Grid
        label={t('playerRecord.tabs.logins')}
        heads={[t('playerRecord.logins.at'), t('playerRecord.logins.lastSeen'), t('playerRecord.logins.ip'), t('playerRecord.logins.device'), t('playerRecord.logins.state')]}
        rows={(q.data?.content ?? []).map((l) => [
          formatTime(l.at, lang),
          formatTime(l.lastSeenAt, lang),
          l.ip,
          <span key="d" className="admin-value" title={l.userAgent}>
            {l.userAgent}
          </span>,
          ['live', 'ended', 'expired'].includes(l.state) ? t(`playerRecord.logins.states.${l.state}`) : l.state,
        ])}
        none={t('playerRecord.logins.none')}
        busy={q.isPending}
        error={q.error}
      />
      <Pager pageNum={paged.pageNum} totalPages={q.data?.totalPages ?? 0} total={q.data?.total ?? 0} pageSize={paged.pageSize} onPage={paged.setPageNum} onSize={(n) => (paged.setPageSize(n), paged.setPageNum(1))} />
    </>
  );
}

function MessagesTab({ player, writer, unread }: { player: PlayerRow; writer: boolean; unread: number }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const paged = usePaged();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const q = useQuery({
    queryKey: [...recordKey(player.id), 'messages', paged.pageNum, paged.pageSize],
    queryFn: ({ signal }) => adminGet<Page<Message>>(`/admin/api/players/${player.id}/messages`, { pageNum: paged.pageNum, pageSize: paged.pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  const send = useMutation({
    mutationFn: () => adminPost<Message>(`/admin/api/players/${player.id}/messages`, { title: title.trim(), body: body.trim() }),
    onSuccess: () => {
      setTitle('');
      setBody('');
      setFeedback({ ok: true, text: t('playerRecord.messages.sent', { name: player.username }) });
    },
    onError: (err) => setFeedback({ ok: false, text: errorText(err, t) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'players'] }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !body.trim()) {
      setFeedback({ ok: false, text: t('playerRecord.messages.required') });
      return;
    }
    send.mutate();
  };
  const lang = i18n.language;
  return (
    <>
      <p className="muted">{t('playerRecord.messages.unread', { count: unread })}</p>
      {writer && (
        <form className="admin-form" onSubmit={submit} noValidate aria-label={t('playerRecord.messages.send')}>
          <label className="admin-field admin-field-wide">
            <span>{t('playerRecord.messages.title')}</span>
            <input className="input" name="title" maxLength={100} value={title} onChange={(e) => setTitle(e.target.value)} />
          </label>
          <label className="admin-field admin-field-wide">
            <span>{t('playerRecord.messages.body')}</span>
            <textarea className="input" name="body" rows={4} maxLength={2000} value={body} onChange={(e) => setBody(e.target.value)} />
          </label>
          <div className="admin-filter-actions">
            <button type="submit" className="button button-primary button-small" disabled={send.isPending}>
              {t('playerRecord.messages.send')}
            </button>
          </div>
          {feedback && (
            <p className={feedback.ok ? 'admin-notice' : 'admin-error'} role={feedback.ok ? 'status' : 'alert'}>
              {feedback.text}
            </p>
          )}
        </form>
      )}
      <Grid
        label={t('playerRecord.tabs.messages')}
        heads={[t('playerRecord.messages.sentAt'), t('playerRecord.messages.title'), t('playerRecord.messages.body'), t('playerRecord.messages.sender'), t('playerRecord.messages.read')]}
        rows={(q.data?.content ?? []).map((m) => [
          formatTime(m.createdAt, lang),
          m.title,
          <span key="b" className="admin-pre">
            {m.body}
          </span>,
          m.sender,
          m.readAt ? formatTime(m.readAt, lang) : t('playerRecord.messages.notRead'),
        ])}
        none={t('playerRecord.messages.none')}
        busy={q.isPending}
        error={q.error}
      />
      <Pager pageNum={paged.pageNum} totalPages={q.data?.totalPages ?? 0} total={q.data?.total ?? 0} pageSize={paged.pageSize} onPage={paged.setPageNum} onSize={(n) => (paged.setPageSize(n), paged.setPageNum(1))} />
    </>
  );
}

function NotesTab({ player, detail, writer }: { player: PlayerRow; detail: PlayerDetail; writer: boolean }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const [tags, setTags] = useState(detail.tags.join(', '));
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'players'] });
  const addNote = useMutation({
    mutationFn: () => adminPost(`/admin/api/players/${player.id}/notes`, { text: note.trim() }),
    onSuccess: () => {
      setNote('');
      setFeedback({ ok: true, text: t('playerRecord.notes.added') });
    },
    onError: (err) => setFeedback({ ok: false, text: errorText(err, t) }),
    onSettled: refresh,
  });
  const saveTags = useMutation({
    mutationFn: () =>
      adminPut<{ tags: string[] }>(`/admin/api/players/${player.id}/tags`, {
        tags: tags
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      }),
    onSuccess: (v) => {
      setTags(v.tags.join(', '));
      setFeedback({ ok: true, text: t('playerRecord.notes.tagsSaved') });
    },
    onError: (err) => setFeedback({ ok: false, text: errorText(err, t) }),
    onSettled: refresh,
  });
  const lang = i18n.language;
  return (
    <>
      <div className="admin-tags" aria-label={t('playerRecord.notes.tags')}>
        {detail.tags.length ? (
          detail.tags.map((tag) => (
            <span key={tag} className="admin-badge">
              {tag}
            </span>
          ))
        ) : (
          <span className="muted">{t('playerRecord.notes.noTags')}</span>
        )}
      </div>
      {writer && (
        <form
          className="admin-filters"
          onSubmit={(e) => {
            e.preventDefault();
            saveTags.mutate();
          }}
        >
          <label className="admin-field admin-field-wide">
            <span>{t('playerRecord.notes.tags')}</span>
            <input className="input" name="tags" value={tags} aria-describedby="tags-hint" onChange={(e) => setTags(e.target.value)} />
          </label>
          <div className="admin-filter-actions">
            <button type="submit" className="button button-small" disabled={saveTags.isPending}>
              {t('playerRecord.notes.saveTags')}
            </button>
          </div>
          <p id="tags-hint" className="muted admin-search-hint">
            {t('playerRecord.notes.tagsHint')}
          </p>
        </form>
      )}
      {writer && (
        <form
          className="admin-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!note.trim()) {
              setFeedback({ ok: false, text: t('playerRecord.notes.required') });
              return;
            }
            addNote.mutate();
          }}
        >
          <label className="admin-field admin-field-wide">
            <span>{t('playerRecord.notes.note')}</span>
            <textarea className="input" name="note" rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
          </label>
          <div className="admin-filter-actions">
            <button type="submit" className="button button-primary button-small" disabled={addNote.isPending}>
              {t('playerRecord.notes.add')}
            </button>
          </div>
        </form>
      )}
      {feedback && (
        <p className={feedback.ok ? 'admin-notice' : 'admin-error'} role={feedback.ok ? 'status' : 'alert'}>
          {feedback.text}
        </p>
      )}
      <ul className="admin-notes" aria-label={t('playerRecord.notes.list')}>
        {detail.notes.map((n) => (
          <li key={n.id}>
            <p className="admin-pre">{n.text}</p>
            <p className="muted">
              {n.operator} · {formatTime(n.createdAt, lang)}
            </p>
          </li>
        ))}
      </ul>
      {!detail.notes.length && <p className="muted">{t('playerRecord.notes.none')}</p>}
    </>
  );
}

// AccountResets are the two resets support staff need when a player is
// locked out: a new password (shown once) and removing the authenticator.
function AccountResets({ player, totp }: { player: PlayerRow; totp: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirm, setConfirm] = useState<'password' | 'totp' | null>(null);
  const [password, setPassword] = useState('');
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const reset = useMutation({
    mutationFn: (which: 'password' | 'totp') => adminPost<{ password?: string; removed?: boolean }>(`/admin/api/players/${player.id}/reset-${which}`),
    onSuccess: (v, which) => {
      setConfirm(null);
      if (which === 'password') setPassword(v.password ?? '');
      setFeedback({ ok: true, text: t(`playerRecord.resets.done.${which}`, { name: player.username }) });
    },
    onError: (err) => setFeedback({ ok: false, text: errorText(err, t) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'players'] }),
  });
  return (
    <div className="admin-resets">
      <div className="admin-actions" role="group" aria-label={t('playerRecord.resets.label')}>
        <button type="button" className="button button-small" onClick={() => (setConfirm('password'), setPassword(''))}>
          {t('playerRecord.resets.password')}
        </button>
        <button type="button" className="button button-small" disabled={!totp} title={totp ? undefined : t('playerRecord.resets.noTotp')} onClick={() => setConfirm('totp')}>
          {t('playerRecord.resets.totp')}
        </button>
      </div>
      {confirm && (
        <div className="admin-confirm" role="region" aria-label={t(`playerRecord.resets.${confirm}`)}>
          <p>{t(`playerRecord.resets.effect.${confirm}`, { name: player.username })}</p>
          <div className="admin-filter-actions">
            <button type="button" className="button button-small admin-danger" disabled={reset.isPending} onClick={() => reset.mutate(confirm)}>
              {t(`playerRecord.resets.confirm.${confirm}`)}
            </button>
            <button type="button" className="button button-small" onClick={() => setConfirm(null)}>
              {t('players.actions.cancel')}
            </button>
          </div>
        </div>
      )}
      {feedback && (
        <p className={feedback.ok ? 'admin-notice' : 'admin-error'} role={feedback.ok ? 'status' : 'alert'}>
          {feedback.text}
        </p>
      )}
      {password && (
        <p className="admin-secret">
          {t('playerRecord.resets.newPassword')} <code data-testid="new-password">{password}</code>{' '}
          <button type="button" className="button button-small" onClick={() => void navigator.clipboard?.writeText(password)}>
            {t('playerRecord.resets.copy')}
          </button>
        </p>
      )}
    </div>
  );
}
