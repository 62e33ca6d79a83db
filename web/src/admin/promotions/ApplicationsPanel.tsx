import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet, adminPost } from '../lib/api';
import { errorText } from '../lib/errorText';
import { can, useAdminSession } from '../lib/session';
import { promotionsKey } from './keys';
import { amountText, fromInput, toInput, when } from './money';
import { Badge, Dialog, Empty, FieldProblem, LoadError, held, useNotice, type Problems } from './ui';
import { applicationStates, promoApi, type AdminPromo, type Application, type Money, type Page } from './types';

/** imageUrl is an application's n-th image: the address the answer names
 * (/admin/api/promotions/applications/{id}/images/{n}, n from 0), else
 * that route (the bytes need the operator's session). */
export function imageUrl(a: Application, n: number): string {
  const u = a.images[n];
  return u && (u.startsWith('/') || /^https?:\/\//.test(u)) ? u : `${promoApi}/applications/${a.id}/images/${n}`;
}

/** ApplicationsPanel is the review queue of applications, by state; a row
 * opens the member's comment and images, and with promotions.review the
 * approval (with the reward amount) or rejection (with a reason). */
export function ApplicationsPanel() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState('applying');
  const [pageNum, setPageNum] = useState(1);
  const [size, setSize] = useState(20);
  const [opened, setOpened] = useState<Application | null>(null);
  const [notice, say] = useNotice();
  const query = { state, pageNum, pageSize: size };
  const page = useQuery({
    queryKey: [...promotionsKey, 'applications', query],
    queryFn: ({ signal }) => adminGet<Page<Application>>(`${promoApi}/applications`, query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = page.data?.content ?? [];
  return (
    <div className="admin-panel pr-panel">
      <div className="admin-filters">
        <label className="admin-field">
          <span>{t('promotions.applications.state')}</span>
          <select
            className="input admin-select"
            value={state}
            onChange={(e) => {
              setState(e.target.value);
              setPageNum(1);
            }}
          >
            <option value="">{t('promotions.all')}</option>
            {applicationStates.map((s) => (
              <option key={s} value={s}>
                {t(`promotions.state.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {notice}
      {page.isError && <LoadError error={page.error} onRetry={() => void page.refetch()} />}
      <div className="admin-table-wrap">
        <table className="admin-table pr-table" aria-busy={page.isFetching}>
          <caption className="visually-hidden">{t('sections.promotions.parts.applications')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('promotions.id')}</th>
              <th scope="col">{t('promotions.applications.promotion')}</th>
              <th scope="col">{t('promotions.member')}</th>
              <th scope="col">{t('promotions.applications.comment')}</th>
              <th scope="col">{t('promotions.applications.images')}</th>
              <th scope="col">{t('promotions.list.status')}</th>
              <th scope="col">{t('promotions.createdAt')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id} data-testid={`application-${a.id}`}>
                <td>
                  <button type="button" className="pr-link" onClick={() => setOpened(a)} aria-label={t('promotions.applications.openOne', { id: a.id })}>
                    {a.id}
                  </button>
                </td>
                <td className="pr-wrap">{a.title}</td>
                <td>{a.username}</td>
                <td className="pr-wrap">{a.comment || '—'}</td>
                <td>{a.images.length}</td>
                <td>
                  <Badge state={a.state} />
                  {a.reason && <span className="muted pr-small pr-block">{a.reason}</span>}
                </td>
                <td className="pr-small">{when(a.createdAt, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && rows.length === 0 && <Empty text={t('promotions.applications.none')} />}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={pageNum}
        totalPages={page.data?.totalPages ?? 0}
        total={page.data?.total ?? 0}
        pageSize={size}
        onPage={setPageNum}
        onSize={(n) => {
          setSize(n);
          setPageNum(1);
        }}
      />
      {opened && (
        <ApplicationDialog
          app={opened}
          money={page.data}
          onClose={() => setOpened(null)}
          onDone={(text) => {
            setOpened(null);
            say(text);
          }}
        />
      )}
    </div>
  );
}

/** ApplicationDialog is one application: the comment, the images as
 * thumbnails that open full size, and the decision. */
function ApplicationDialog({ app, money, onClose, onDone }: { app: Application; money: Money | undefined; onClose: () => void; onDone: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const reviewer = can(me, 'promotions.review') && app.state === 'applying';
  // The promotion's reward says the approval's unit (points or money),
  // and the unit of what an approved application paid.
  const promos = useQuery({
    queryKey: [...promotionsKey, 'list'],
    queryFn: ({ signal }) => adminGet<{ content: AdminPromo[] } & Money>(promoApi, undefined, signal),
  });
  const promo = promos.data?.content.find((p) => p.id === app.promotionId);
  const pts = promo?.reward.kind === 'points';
  const [full, setFull] = useState<number | null>(null);
  // null until the reviewer types: the promotion's own amount is offered.
  const [amount, setAmount] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const shownAmount = amount ?? (promo && promo.reward.amount ? toInput(promo.reward.amount, pts, money) : '');
  const decide = useMutation({
    mutationFn: (d: { approve: true; amount: number } | { approve: false; reason: string }) =>
      d.approve ? adminPost<Application>(`${promoApi}/applications/${app.id}/approve`, { amount: d.amount }) : adminPost<Application>(`${promoApi}/applications/${app.id}/reject`, { reason: d.reason }),
    onSuccess: (_a, d) => {
      void client.invalidateQueries({ queryKey: promotionsKey });
      onDone(t(d.approve ? 'promotions.applications.approved' : 'promotions.applications.rejected', { id: app.id }));
    },
    onError: (err, d) => {
      if (held(err)) onDone(t('promotions.held'));
      else setProblems({ [d.approve ? 'amount' : 'reason']: 'server' });
    },
  });
  const server = decide.isError ? errorText(decide.error, t) : '';
  const approve = (e: FormEvent) => {
    e.preventDefault();
    decide.reset();
    const v = fromInput(shownAmount, pts, money);
    if (v === null || v <= 0) return setProblems({ amount: 'positive' });
    setProblems({});
    decide.mutate({ approve: true, amount: v });
  };
  const reject = (e: FormEvent) => {
    e.preventDefault();
    decide.reset();
    if (!reason.trim()) return setProblems({ reason: 'reasonRequired' });
    if (reason.trim().length > 200) return setProblems({ reason: 'tooLong' });
    setProblems({});
    decide.mutate({ approve: false, reason: reason.trim() });
  };
  return (
    <Dialog title={t('promotions.applications.title', { id: app.id })} onClose={onClose} busy={decide.isPending} wide>
      <div className="pr-form" data-testid="application-detail">
        <dl className="admin-dl">
          <div>
            <dt>{t('promotions.applications.promotion')}</dt>
            <dd>
              {app.title} (#{app.promotionId})
            </dd>
          </div>
          <div>
            <dt>{t('promotions.member')}</dt>
            <dd>
              {app.username} (#{app.memberId})
            </dd>
          </div>
          <div>
            <dt>{t('promotions.createdAt')}</dt>
            <dd>{when(app.createdAt, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('promotions.list.status')}</dt>
            <dd>
              <Badge state={app.state} /> {app.reason}
            </dd>
          </div>
          {app.state === 'approved' && app.amount ? (
            <div>
              <dt>{t('promotions.applications.amountPaid')}</dt>
              <dd data-testid="application-paid">{amountText(app.amount, promo?.reward.kind, money ?? promos.data, i18n.language)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="pr-comment" data-testid="application-comment">
          {app.comment || <span className="muted">{t('promotions.applications.noComment')}</span>}
        </p>
        {app.images.length > 0 && (
          <ul className="pr-thumbs" aria-label={t('promotions.applications.images')}>
            {app.images.map((_, n) => (
              <li key={n}>
                <button type="button" className="pr-thumb" onClick={() => setFull(full === n ? null : n)} aria-label={t('promotions.applications.imageOpen', { n: n + 1 })} aria-pressed={full === n}>
                  <img src={imageUrl(app, n)} alt={t('promotions.applications.imageAlt', { n: n + 1 })} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {full !== null && (
          <figure className="pr-full" data-testid="image-full">
            <img src={imageUrl(app, full)} alt={t('promotions.applications.imageAlt', { n: full + 1 })} />
            <figcaption>
              <a href={imageUrl(app, full)} target="_blank" rel="noreferrer">
                {t('promotions.applications.imageNewTab')}
              </a>
            </figcaption>
          </figure>
        )}
        {reviewer && (
          <div className="pr-decide">
            <form className="pr-form" onSubmit={approve} noValidate>
              <label className="admin-field">
                <span>{t('promotions.applications.amount', { unit: pts ? t('promotions.builder.unitPoints') : (money?.currency ?? t('promotions.builder.unitMoney')) })}</span>
                <input className="input" inputMode="decimal" value={shownAmount} onChange={(e) => setAmount(e.target.value)} aria-invalid={problems.amount ? true : undefined} />
              </label>
              <FieldProblem problems={problems} field="amount" server={server} />
              <button type="submit" className="button button-small button-primary" disabled={decide.isPending}>
                {t('promotions.applications.approve')}
              </button>
            </form>
            <form className="pr-form" onSubmit={reject} noValidate>
              <label className="admin-field">
                <span>{t('promotions.reason')}</span>
                <input className="input" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} aria-invalid={problems.reason ? true : undefined} />
              </label>
              <FieldProblem problems={problems} field="reason" server={server} />
              <button type="submit" className="button button-small" disabled={decide.isPending}>
                {t('promotions.applications.reject')}
              </button>
            </form>
          </div>
        )}
      </div>
    </Dialog>
  );
}
