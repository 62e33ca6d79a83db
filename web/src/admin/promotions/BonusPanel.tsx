import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../components/Pager';
import { adminGet, adminPut } from '../lib/api';
import { errorText } from '../lib/errorText';
import { can, useAdminSession } from '../lib/session';
import { promotionsKey } from './keys';
import { moneyText, when } from './money';
import { Badge, Empty, FieldProblem, LoadError, held, serverField, useNotice, type Problems } from './ui';
import { grantStates, listOf, type Contribution, type Grant, type Page } from './types';

const bonusApi = '/admin/api/bonus';

/** BonusPanel lists bonus grants (by member and state) with their
 * wagering progress, and edits how much each game type's stakes count
 * towards wagering. */
export function BonusPanel() {
  return (
    <div className="admin-panel pr-panel">
      <GrantsList />
      <ContributionsEditor />
    </div>
  );
}

function GrantsList() {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  // The server filters by member ID (a whole number), not by username.
  const [member, setMember] = useState('');
  const [memberBad, setMemberBad] = useState(false);
  const [state, setState] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [size, setSize] = useState(20);
  const query = { member, state, pageNum, pageSize: size };
  const page = useQuery({
    queryKey: [...promotionsKey, 'bonus', 'grants', query],
    queryFn: ({ signal }) => adminGet<Page<Grant>>(`${bonusApi}/grants`, query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = page.data?.content ?? [];
  const m = (v: number) => moneyText(v, page.data, i18n.language);
  return (
    <section className="pr-panel" aria-labelledby="pr-grants">
      <h2 className="pr-subhead" id="pr-grants">
        {t('promotions.bonus.grants')}
      </h2>
      <form
        className="admin-filters"
        onSubmit={(e) => {
          e.preventDefault();
          const id = typed.trim();
          const bad = id !== '' && !/^[1-9]\d{0,15}$/.test(id);
          setMemberBad(bad);
          if (bad) return;
          setMember(id);
          setPageNum(1);
        }}
      >
        <div className="admin-field">
          <label htmlFor="pr-grant-member">{t('promotions.bonus.memberId')}</label>
          <input
            id="pr-grant-member"
            className="input"
            inputMode="numeric"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-invalid={memberBad ? true : undefined}
            aria-describedby={memberBad ? 'pr-grant-member-problem' : undefined}
          />
          {memberBad && (
            <span className="admin-error pr-field-problem" id="pr-grant-member-problem" role="alert">
              {t('promotions.problem.memberId')}
            </span>
          )}
        </div>
        <label className="admin-field">
          <span>{t('promotions.bonus.state')}</span>
          <select
            className="input admin-select"
            value={state}
            onChange={(e) => {
              setState(e.target.value);
              setPageNum(1);
            }}
          >
            <option value="">{t('promotions.all')}</option>
            {grantStates.map((s) => (
              <option key={s} value={s}>
                {t(`promotions.state.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="admin-filter-actions">
          <button type="submit" className="button button-small">
            {t('promotions.apply')}
          </button>
        </div>
      </form>
      {page.isError && <LoadError error={page.error} onRetry={() => void page.refetch()} />}
      <div className="admin-table-wrap">
        <table className="admin-table pr-table" aria-busy={page.isFetching}>
          <caption className="visually-hidden">{t('promotions.bonus.grants')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('promotions.id')}</th>
              <th scope="col">{t('promotions.member')}</th>
              <th scope="col">{t('promotions.bonus.titleSource')}</th>
              <th scope="col" className="pr-num">
                {t('promotions.amount')}
              </th>
              <th scope="col">{t('promotions.bonus.wagering')}</th>
              <th scope="col">{t('promotions.bonus.state')}</th>
              <th scope="col">{t('promotions.bonus.granted')}</th>
              <th scope="col">{t('promotions.bonus.expires')}</th>
              <th scope="col" className="pr-num">
                {t('promotions.bonus.outcome')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((g) => (
              <tr key={g.id} data-testid={`grant-${g.id}`}>
                <td>{g.id}</td>
                <td>
                  {g.username}
                  {g.memberId ? <span className="muted pr-small pr-block">#{g.memberId}</span> : null}
                </td>
                <td className="pr-wrap">
                  {g.title}
                  <span className="muted pr-small pr-block">{g.source}</span>
                </td>
                <td className="pr-num">{m(g.amount)}</td>
                <td>
                  <progress className="pr-progress" max={100} value={Math.min(100, g.progressPercent)} aria-label={t('promotions.bonus.wagering')} />
                  <span className="pr-small pr-block">
                    {m(g.wagered)} / {m(g.required)} ({g.progressPercent} %)
                  </span>
                </td>
                <td>
                  <Badge state={g.state} />
                </td>
                <td className="pr-small">{when(g.grantedAt, i18n.language)}</td>
                <td className="pr-small">
                  {when(g.expiresAt, i18n.language)}
                  {g.endedAt && <span className="muted pr-block">{when(g.endedAt, i18n.language)}</span>}
                </td>
                <td className="pr-num pr-small">
                  {g.converted > 0 && <span className="pr-block">{t('promotions.bonus.convertedAmount', { amount: m(g.converted) })}</span>}
                  {g.forfeited > 0 && <span className="pr-block">{t('promotions.bonus.forfeitedAmount', { amount: m(g.forfeited) })}</span>}
                  {!g.converted && !g.forfeited && '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && rows.length === 0 && <Empty text={t('promotions.bonus.none')} />}
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
    </section>
  );
}

/** ContributionsEditor sets each game type's contribution to wagering,
 * a whole percent 0..100. */
function ContributionsEditor() {
  const { t } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const writer = can(me, 'promotions.write');
  const key = [...promotionsKey, 'bonus', 'contributions'];
  const answer = useQuery({ queryKey: key, queryFn: ({ signal }) => adminGet<unknown>(`${bonusApi}/contributions`, undefined, signal) });
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Problems>({});
  const [notice, say] = useNotice();
  const rows = listOf<Contribution>(answer.data, 'content');
  useEffect(() => {
    if (answer.data) setDraft(Object.fromEntries(listOf<Contribution>(answer.data, 'content').map((c) => [c.gameType, String(c.percent)])));
  }, [answer.data]);
  const save = useMutation({
    mutationFn: (body: Contribution[]) => adminPut<unknown>(`${bonusApi}/contributions`, body),
    onSuccess: () => {
      say(t('promotions.saved'));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (err) => {
      if (held(err)) return say(t('promotions.held'));
      const f = serverField(err);
      setProblems({ [/\d+\./.test(f) ? f.split('.')[0] : f || '_']: 'server' });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    const p: Problems = {};
    const body = rows.map((c, i) => {
      const v = (draft[c.gameType] ?? '').trim();
      if (!/^\d+$/.test(v) || Number(v) > 100) p[String(i)] = 'percentWhole';
      return { gameType: c.gameType, percent: Number(v) };
    });
    setProblems(p);
    if (Object.keys(p).length === 0) save.mutate(body);
  };
  const server = save.isError ? errorText(save.error, t) : '';
  return (
    <section className="pr-panel" aria-labelledby="pr-contrib">
      <h2 className="pr-subhead" id="pr-contrib">
        {t('promotions.bonus.contributions')}
      </h2>
      <p className="muted pr-small">{t('promotions.bonus.contributionsHint')}</p>
      {answer.isError && <LoadError error={answer.error} onRetry={() => void answer.refetch()} />}
      {notice}
      <form className="pr-form" onSubmit={submit} noValidate>
        <div className="pr-grid">
          {rows.map((c, i) => (
            <div key={c.gameType} className="admin-field">
              <label htmlFor={`pr-contrib-${c.gameType}`}>{t(`games.types.${c.gameType}`, { defaultValue: c.gameType })} (%)</label>
              {writer ? (
                <input
                  id={`pr-contrib-${c.gameType}`}
                  className="input"
                  inputMode="numeric"
                  value={draft[c.gameType] ?? ''}
                  onChange={(e) => setDraft((d) => ({ ...d, [c.gameType]: e.target.value }))}
                  aria-invalid={problems[String(i)] ? true : undefined}
                />
              ) : (
                <output id={`pr-contrib-${c.gameType}`} data-testid={`contribution-${c.gameType}`}>{c.percent} %</output>
              )}
              <FieldProblem problems={problems} field={String(i)} server={server} />
            </div>
          ))}
        </div>
        <FieldProblem problems={problems} field="_" server={server} />
        {writer && rows.length > 0 && (
          <div className="admin-filter-actions">
            <button type="submit" className="button button-small button-primary" disabled={save.isPending}>
              {t('promotions.save')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
