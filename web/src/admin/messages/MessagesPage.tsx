import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, pageSizes } from '../components/Pager';
import { adminGet, adminPost } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatTime } from '../lib/format';
import type { Page } from '../lib/types';

/** Broadcast is a message sent to every member or to one VIP level. */
export type Broadcast = { id: number; vipLevel: number | null; title: string; body: string; sender: string; createdAt: string; reads: number };

type Audience = 'all' | 'vip';
type Draft = { audience: Audience; level: string; title: string; body: string };
const emptyDraft: Draft = { audience: 'all', level: '', title: '', body: '' };
const listKey = ['admin', 'broadcasts'];

/** MessagesPage is the Messages screen (decision 0033): compose a message
 * to every member of the merchant or to one VIP level, and the messages
 * sent so far with how many members have read each. The text is plain:
 * members see it as typed, and this screen shows it as text too. */
export function MessagesPage() {
  const { t } = useTranslation();
  return (
    <section className="admin-page" aria-labelledby="page-messages">
      <div className="admin-page-head">
        <h1 id="page-messages">{t('sections.messages.title')}</h1>
        <p className="muted">{t('sections.messages.summary')}</p>
      </div>
      <Compose />
      <Sent />
    </section>
  );
}

// levelOf is the draft's VIP level, or null when it is not 0-99.
function levelOf(s: string): number | null {
  if (!/^\d{1,2}$/.test(s.trim())) return null;
  return Number(s.trim());
}

function Compose() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  // confirming holds the draft the operator is asked about: a message to
  // everyone cannot be taken back.
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const level = levelOf(draft.level);
  const send = useMutation({
    mutationFn: () =>
      adminPost<Broadcast>('/admin/api/messages', {
        audience: draft.audience,
        ...(draft.audience === 'vip' ? { vipLevel: level } : {}),
        title: draft.title.trim(),
        body: draft.body.trim(),
      }),
    onSuccess: () => {
      setFeedback({ ok: true, text: draft.audience === 'vip' ? t('broadcasts.sentVip', { level }) : t('broadcasts.sentAll') });
      setDraft(emptyDraft);
    },
    onError: (err) => setFeedback({ ok: false, text: errorText(err, t) }),
    onSettled: () => {
      setConfirming(false);
      void client.invalidateQueries({ queryKey: listKey });
    },
  });
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => {
    setConfirming(false);
    setDraft({ ...draft, [k]: e.target.value });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.title.trim() || !draft.body.trim()) {
      setFeedback({ ok: false, text: t('broadcasts.required') });
      return;
    }
    if (draft.audience === 'vip' && level === null) {
      setFeedback({ ok: false, text: t('broadcasts.levelInvalid') });
      return;
    }
    setFeedback(null);
    setConfirming(true);
  };
  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-label={t('broadcasts.compose')}>
      <h2>{t('broadcasts.compose')}</h2>
      <p className="muted">{t('broadcasts.reach')}</p>
      <label className="admin-field">
        <span>{t('broadcasts.audience')}</span>
        <select className="input" name="audience" value={draft.audience} onChange={set('audience')}>
          <option value="all">{t('broadcasts.audienceAll')}</option>
          <option value="vip">{t('broadcasts.audienceVip')}</option>
        </select>
      </label>
      {draft.audience === 'vip' && (
        <label className="admin-field">
          <span>{t('broadcasts.vipLevel')}</span>
          <input className="input" name="vipLevel" inputMode="numeric" value={draft.level} onChange={set('level')} />
        </label>
      )}
      <label className="admin-field admin-field-wide">
        <span>{t('broadcasts.title')}</span>
        <input className="input" name="title" maxLength={100} value={draft.title} onChange={set('title')} />
      </label>
      <label className="admin-field admin-field-wide">
        <span>{t('broadcasts.body')}</span>
        <textarea className="input" name="body" rows={5} maxLength={2000} value={draft.body} onChange={set('body')} aria-describedby="broadcast-plain" />
      </label>
      <p id="broadcast-plain" className="muted">
        {t('broadcasts.plainText')}
      </p>
      {!confirming && (
        <div className="admin-filter-actions">
          <button type="submit" className="button button-primary button-small">
            {t('broadcasts.send')}
          </button>
        </div>
      )}
      {confirming && (
        <div className="admin-notice" role="alertdialog" aria-label={t('broadcasts.send')}>
          <p>
            {draft.audience === 'vip' ? t('broadcasts.confirmVip', { title: draft.title.trim(), level }) : t('broadcasts.confirmAll', { title: draft.title.trim() })}
          </p>
          <div className="admin-filter-actions">
            <button type="button" className="button button-primary button-small" disabled={send.isPending} onClick={() => send.mutate()}>
              {t('broadcasts.confirm')}
            </button>
            <button type="button" className="button button-small" disabled={send.isPending} onClick={() => setConfirming(false)}>
              {t('broadcasts.cancel')}
            </button>
          </div>
        </div>
      )}
      {feedback && (
        <p className={feedback.ok ? 'admin-notice' : 'admin-error'} role={feedback.ok ? 'status' : 'alert'}>
          {feedback.text}
        </p>
      )}
    </form>
  );
}

function Sent() {
  const { t, i18n } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes[0]);
  const q = useQuery({
    queryKey: [...listKey, pageNum, pageSize],
    queryFn: ({ signal }) => adminGet<Page<Broadcast>>('/admin/api/messages', { pageNum, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = q.data?.content ?? [];
  return (
    <>
      <h2>{t('broadcasts.list')}</h2>
      {q.isError && (
        <p className="admin-error" role="alert">
          {errorText(q.error, t)}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table" aria-busy={q.isFetching} aria-label={t('broadcasts.list')}>
          <thead>
            <tr>
              <th scope="col">{t('broadcasts.sentAt')}</th>
              <th scope="col">{t('broadcasts.audience')}</th>
              <th scope="col">{t('broadcasts.title')}</th>
              <th scope="col">{t('broadcasts.body')}</th>
              <th scope="col">{t('broadcasts.sender')}</th>
              <th scope="col">{t('broadcasts.reads')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={b.id}>
                <td>
                  <time dateTime={b.createdAt}>{formatTime(b.createdAt, i18n.language)}</time>
                </td>
                <td>{b.vipLevel === null ? t('broadcasts.audienceAll') : t('broadcasts.vipN', { level: b.vipLevel })}</td>
                <td>{b.title}</td>
                <td>
                  <span className="admin-pre">{b.body}</span>
                </td>
                <td>{b.sender}</td>
                <td>{b.reads.toLocaleString(i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {q.isSuccess && rows.length === 0 && (
          <p className="admin-empty-row" role="status">
            {t('broadcasts.none')}
          </p>
        )}
        {q.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={pageNum}
        totalPages={q.data?.totalPages ?? 0}
        total={q.data?.total ?? 0}
        pageSize={pageSize}
        onPage={setPageNum}
        onSize={(n) => {
          setPageSize(n);
          setPageNum(1);
        }}
      />
    </>
  );
}
