import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminApiError, adminGet, adminPost } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatAmount, formatTime, remaining } from '../lib/format';
import { can, useAdminSession } from '../lib/session';
import type { Approval, Page } from '../lib/types';
import { Pager, pageSizes } from '../components/Pager';
import { SensitiveActions } from './SensitiveActions';
import './held.css';

const approvalsKey = ['admin', 'approvals'];
const statuses = ['pending', 'approved', 'rejected', 'expired'] as const;
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Approval>();
const noRows: Approval[] = [];

/** Decision is the action an operator is about to take on a request. */
type Decision = { approval: Approval; action: 'approve' | 'reject' | 'withdraw' };

/** ApprovalsPage is the two-person approval of balance adjustments: one
 * operator requests, another approves or rejects; the server enforces it,
 * the screen only offers what the operator may do. */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const { me } = useAdminSession();
  return (
    <section className="admin-page" aria-labelledby="page-approvals">
      <div className="admin-page-head">
        <h1 id="page-approvals">{t('sections.approvals.title')}</h1>
        <p className="muted">{t('sections.approvals.summary')}</p>
      </div>
      {can(me, 'wallet.adjust.request') && <RequestForm />}
      {can(me, 'settings.write') && <SensitiveActions />}
      <RequestList />
    </section>
  );
}

type Draft = { member: string; direction: 'credit' | 'debit'; amount: string; reason: string };
const emptyDraft: Draft = { member: '', direction: 'credit', amount: '', reason: '' };
const fields = ['member', 'amount', 'reason'] as const;

/** fieldOf is the input a 422 answer names ({field, reason}), if any. */
function fieldOf(err: unknown): string {
  if (!(err instanceof AdminApiError)) return '';
  if (err.code === 'admin.member_unknown') return 'member';
  if (err.code === 'admin.amount_invalid') return 'amount';
  const v = err.value as { field?: unknown } | null;
  return v && typeof v.field === 'string' && (fields as readonly string[]).includes(v.field) ? v.field : '';
}

// RequestForm asks for a balance adjustment in two steps: the details, then
// a restatement of the effect that the operator confirms before it is sent.
function RequestForm() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [reviewing, setReviewing] = useState(false);
  const [error, setError] = useState<{ text: string; field: string } | null>(null);
  const [sent, setSent] = useState('');
  const confirmRef = useRef<HTMLButtonElement>(null);

  const send = useMutation({
    mutationFn: (body: { kind: string; member: string; amount: string; reason: string }) => adminPost<Approval>('/admin/api/approvals', body),
    onSuccess: (a) => {
      setSent(t('approvals.request.sent', { id: a.id }));
      setDraft(emptyDraft);
      setReviewing(false);
      return client.invalidateQueries({ queryKey: approvalsKey });
    },
    onError: (err) => {
      setError({ text: errorText(err, t), field: fieldOf(err) });
      setReviewing(false);
    },
  });

  useEffect(() => {
    if (reviewing) confirmRef.current?.focus();
  }, [reviewing]);

  const amount = draft.amount.trim();
  const signed = `${draft.direction === 'debit' ? '-' : ''}${amount}`;
  const review = (e: FormEvent) => {
    e.preventDefault();
    setSent('');
    if (!/^\d+(\.\d+)?$/.test(amount) || /^[0.]+$/.test(amount)) {
      setError({ text: t('approvals.request.amountInvalid'), field: 'amount' });
      return;
    }
    setError(null);
    setReviewing(true);
  };
  const confirm = () => send.mutate({ kind: 'wallet.adjust', member: draft.member.trim(), amount: signed, reason: draft.reason.trim() });
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft({ ...draft, [k]: e.target.value });
    setReviewing(false);
  };
  const invalid = (f: string) => (error?.field === f ? { 'aria-invalid': true as const, 'aria-describedby': 'approval-request-error' } : {});

  return (
    <div className="admin-panel">
      <h2 id="approval-request">{t('approvals.request.title')}</h2>
      <p className="muted">{t('approvals.request.hint')}</p>
      <form className="admin-filters" onSubmit={review} aria-labelledby="approval-request">
        <label className="admin-field">
          <span>{t('approvals.request.member')}</span>
          <input className="input" name="member" required autoComplete="off" value={draft.member} onChange={set('member')} {...invalid('member')} />
        </label>
        <fieldset className="admin-field admin-direction">
          <legend>{t('approvals.request.direction')}</legend>
          {(['credit', 'debit'] as const).map((d) => (
            <label key={d} className="admin-inline">
              <input type="radio" name="direction" value={d} checked={draft.direction === d} onChange={set('direction')} />
              <span>{t(`approvals.request.${d}`)}</span>
            </label>
          ))}
        </fieldset>
        <label className="admin-field">
          <span>{t('approvals.request.amount')}</span>
          <input className="input" name="amount" required inputMode="decimal" autoComplete="off" value={draft.amount} onChange={set('amount')} {...invalid('amount')} />
        </label>
        <label className="admin-field admin-field-wide">
          <span>{t('approvals.request.reason')}</span>
          <input className="input" name="reason" required maxLength={500} value={draft.reason} onChange={set('reason')} {...invalid('reason')} />
        </label>
        <div className="admin-filter-actions">
          <button className="button button-primary button-small" type="submit" disabled={reviewing || send.isPending}>
            {t('approvals.request.review')}
          </button>
        </div>
      </form>
      {reviewing && (
        <div className="admin-confirm" role="region" aria-label={t('approvals.request.confirmTitle')}>
          <p>
            <strong>{t('approvals.request.confirmTitle')}</strong>
          </p>
          <p data-testid="request-effect">
            {t(draft.direction === 'debit' ? 'approvals.request.effectDebit' : 'approvals.request.effectCredit', {
              amount: formatAmount(signed, i18n.language, true),
              member: draft.member.trim(),
            })}
          </p>
          <p>{t('approvals.request.effectReason', { reason: draft.reason.trim() })}</p>
          <p className="muted">{t('approvals.request.effectNote')}</p>
          <div className="admin-filter-actions">
            <button ref={confirmRef} type="button" className="button button-primary button-small" disabled={send.isPending} onClick={confirm}>
              {t('approvals.request.send')}
            </button>
            <button type="button" className="button button-small" disabled={send.isPending} onClick={() => setReviewing(false)}>
              {t('approvals.request.back')}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="admin-error" role="alert" id="approval-request-error">
          {error.text}
        </p>
      )}
      {sent && (
        <p className="admin-notice" role="status">
          {sent}
        </p>
      )}
    </div>
  );
}

// useNow ticks every second for the expiry countdowns.
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

function RequestList() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const [status, setStatus] = useState<string>('pending');
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes[0]);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [notice, setNotice] = useState('');
  const now = useNow();
  // Deciding needs approvals.decide; the server also asks for the power
  // the request uses (wallet.adjust.approve, or a held action's own).
  const approver = can(me, 'approvals.decide');

  const page = useQuery({
    queryKey: [...approvalsKey, status, pageNum, pageSize],
    queryFn: ({ signal }) => adminGet<Page<Approval>>('/admin/api/approvals', { status, pageNum, pageSize }, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('id', { header: () => t('approvals.list.id'), cell: (c) => `#${c.getValue()}` }),
        helper.accessor('requestedAt', {
          header: () => t('approvals.list.requested'),
          cell: (c) => (
            <>
              <span>{c.row.original.requestedBy}</span>
              <br />
              <time className="muted" dateTime={c.getValue()}>
                {formatTime(c.getValue(), i18n.language)}
              </time>
            </>
          ),
        }),
        helper.accessor('member', {
          header: () => t('approvals.list.member'),
          cell: (c) => (c.row.original.action ? <HeldActionText approval={c.row.original} /> : c.getValue()),
        }),
        helper.accessor('amount', {
          header: () => t('approvals.list.amount'),
          cell: (c) =>
            c.row.original.action ? null : (
              <span className={c.getValue().startsWith('-') ? 'admin-amount admin-amount-debit' : 'admin-amount admin-amount-credit'}>
                {formatAmount(c.getValue(), i18n.language, true)}
              </span>
            ),
        }),
        helper.accessor('reason', {
          header: () => t('approvals.list.reason'),
          cell: (c) => (
            <span className="admin-value" title={c.getValue()}>
              {c.getValue()}
            </span>
          ),
        }),
        helper.accessor('status', {
          header: () => t('approvals.list.status'),
          cell: (c) => <StatusCell approval={c.row.original} now={now} />,
        }),
        helper.display({
          id: 'decision',
          header: () => t('approvals.list.decision'),
          cell: (c) => <DecisionCell approval={c.row.original} />,
        }),
        helper.display({
          id: 'actions',
          header: () => t('approvals.list.actions'),
          cell: (c) => {
            const a = c.row.original;
            if (a.status !== 'pending') return null;
            const own = a.requestedBy === me.username;
            if (!approver && !own) return null;
            const hintId = `own-${a.id}`;
            return (
              <div className="admin-actions">
                {approver && (
                  <button
                    type="button"
                    className="button button-small"
                    disabled={own}
                    aria-describedby={own ? hintId : undefined}
                    title={own ? t('approvals.actions.ownRequest') : undefined}
                    onClick={() => setDecision({ approval: a, action: 'approve' })}
                  >
                    {t('approvals.actions.approve')}
                  </button>
                )}
                {own ? (
                  <button type="button" className="button button-small" onClick={() => setDecision({ approval: a, action: 'withdraw' })}>
                    {t('approvals.actions.withdraw')}
                  </button>
                ) : (
                  <button type="button" className="button button-small" onClick={() => setDecision({ approval: a, action: 'reject' })}>
                    {t('approvals.actions.reject')}
                  </button>
                )}
                {own && approver && (
                  <span id={hintId} className="muted admin-own-hint">
                    {t('approvals.actions.ownRequest')}
                  </span>
                )}
              </div>
            );
          },
        }),
      ]),
    [t, i18n.language, now, me.username, approver],
  );

  const table = useTable({ features, columns, data: page.data?.content ?? noRows });
  const totalPages = page.data?.totalPages ?? 0;
  const done = (text: string) => {
    setDecision(null);
    setNotice(text);
  };

  return (
    <div className="admin-panel">
      <h2>{t('approvals.list.title')}</h2>
      <div className="admin-filters" role="search" aria-label={t('approvals.list.filters')}>
        <label className="admin-field">
          <span>{t('approvals.list.status')}</span>
          <select
            className="input"
            name="status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPageNum(1);
              setNotice('');
            }}
          >
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`approvals.statuses.${s}`)}
              </option>
            ))}
            <option value="">{t('approvals.statuses.all')}</option>
          </select>
        </label>
      </div>
      {decision && (
        <DecisionPanel
          key={`${decision.approval.id}-${decision.action}`}
          decision={decision}
          onCancel={() => setDecision(null)}
          onDone={done}
          onSettled={() => client.invalidateQueries({ queryKey: approvalsKey })}
        />
      )}
      {notice && (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      )}
      {page.isError && (
        <p className="admin-error" role="alert">
          {errorText(page.error, t)}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table" aria-busy={page.isFetching}>
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
              <tr key={row.original.id} data-testid={`approval-${row.original.id}`}>
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
            {t('approvals.list.none')}
          </p>
        )}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={pageNum}
        totalPages={totalPages}
        total={page.data?.total ?? 0}
        pageSize={pageSize}
        onPage={setPageNum}
        onSize={(n) => {
          setPageSize(n);
          setPageNum(1);
        }}
      />
    </div>
  );
}

function StatusCell({ approval, now }: { approval: Approval; now: number }) {
  const { t } = useTranslation();
  const left = approval.status === 'pending' ? remaining(approval.expiresAt, now) : null;
  return (
    <>
      <span className={`admin-badge admin-status-${approval.status}`}>{t(`approvals.statuses.${approval.status}`)}</span>
      {approval.status === 'pending' && (
        <>
          <br />
          <time className="muted admin-countdown" dateTime={approval.expiresAt} title={approval.expiresAt}>
            {left
              ? left.h
                ? t('approvals.countdown.hours', { h: left.h, m: String(left.m).padStart(2, '0') })
                : t('approvals.countdown.minutes', { m: left.m, s: String(left.s).padStart(2, '0') })
              : t('approvals.countdown.past')}
          </time>
        </>
      )}
    </>
  );
}

function DecisionCell({ approval }: { approval: Approval }) {
  const { t, i18n } = useTranslation();
  if (!approval.decidedAt && !approval.decidedBy) return null;
  const balance = approval.result?.balance;
  const outcome = approval.action ? approval.result?.outcome : undefined;
  return (
    <>
      {outcome && outcome !== 'running' && (
        <>
          <span className={outcome === 'ok' ? 'admin-outcome-ok' : 'admin-outcome-refused'}>
            {outcome === 'ok' ? t('approvals.held.ran') : t('approvals.held.refused', { code: approval.result?.code ?? '' })}
          </span>
          <br />
        </>
      )}
      <span>{t('approvals.decision.by', { name: approval.decidedBy ?? '', time: formatTime(approval.decidedAt, i18n.language) })}</span>
      {approval.decisionReason && (
        <>
          <br />
          <span className="admin-value" title={approval.decisionReason}>
            {approval.decisionReason}
          </span>
        </>
      )}
      {balance !== undefined && balance !== null && (
        <>
          <br />
          <span className="muted">{t('approvals.decision.balance', { balance: formatAmount(balance, i18n.language) })}</span>
        </>
      )}
    </>
  );
}

// DecisionPanel restates a request and asks for the decision: approving
// confirms once more, rejecting and withdrawing ask for a reason.
function DecisionPanel({ decision, onCancel, onDone, onSettled }: { decision: Decision; onCancel: () => void; onDone: (notice: string) => void; onSettled: () => void }) {
  const { t, i18n } = useTranslation();
  const { approval, action } = decision;
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);

  const decide = useMutation({
    mutationFn: () =>
      action === 'approve'
        ? adminPost<Approval>(`/admin/api/approvals/${approval.id}/approve`)
        : adminPost<Approval>(`/admin/api/approvals/${approval.id}/reject`, { reason: reason.trim() }),
    onMutate: () => setError(''),
    onSuccess: () => onDone(t(`approvals.actions.done.${action}`, { id: approval.id })),
    onError: (err) => setError(errorText(err, t)),
    // Refresh either way: a refusal may mean someone else decided first.
    onSettled,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate();
  };
  const title = t(`approvals.actions.title.${action}`, { id: approval.id });
  const debit = approval.amount.trim().startsWith('-');

  return (
    <div className="admin-confirm" role="region" aria-label={title} tabIndex={-1} ref={ref}>
      <p>
        <strong>{title}</strong>
      </p>
      {approval.action ? (
        <>
          <p>{t('approvals.held.effect')}</p>
          <HeldActionText approval={approval} open />
          <p className="muted">{t('approvals.decision.requestedBy', { name: approval.requestedBy })}</p>
        </>
      ) : (
        <>
          <p>
            {t(debit ? 'approvals.request.effectDebit' : 'approvals.request.effectCredit', {
              amount: formatAmount(approval.amount, i18n.language, true),
              member: approval.member,
            })}
          </p>
          <p className="muted">
            {t('approvals.request.effectReason', { reason: approval.reason })} · {t('approvals.decision.requestedBy', { name: approval.requestedBy })}
          </p>
        </>
      )}
      <form className="admin-filters" onSubmit={submit}>
        {action !== 'approve' && (
          <label className="admin-field admin-field-wide">
            <span>{t('approvals.actions.reason')}</span>
            <input className="input" name="decisionReason" required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
        )}
        <div className="admin-filter-actions">
          <button type="submit" className={action === 'approve' ? 'button button-primary button-small' : 'button button-small admin-danger'} disabled={decide.isPending}>
            {t(`approvals.actions.confirm.${action}`)}
          </button>
          <button type="button" className="button button-small" disabled={decide.isPending} onClick={onCancel}>
            {t('approvals.actions.cancel')}
          </button>
        </div>
      </form>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

// HeldActionText shows what a held action would do: the route's summary,
// the address called and the body sent, as text.
function HeldActionText({ approval, open = false }: { approval: Approval; open?: boolean }) {
  const { t } = useTranslation();
  const a = approval.action;
  if (!a) return null;
  return (
    <div className="admin-held">
      <span className="admin-value" title={approval.summary}>
        {approval.summary}
      </span>
      <details open={open}>
        <summary>{t('approvals.held.details')}</summary>
        <code className="admin-code">
          {a.method} {a.url}
          {a.query ? `?${a.query}` : ''}
        </code>
        {a.body !== null && a.body !== undefined && <pre className="admin-code">{JSON.stringify(a.body, null, 2)}</pre>}
      </details>
    </div>
  );
}
