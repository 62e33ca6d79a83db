import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminLanguages } from '../lib/i18n';
import { can, useAdminSession } from '../lib/session';
import { fetchTree, treeKey, type TreeTarget } from './agentsApi';
import { count, moneyText, when } from './figures';
import { MoveDialog } from './MoveDialog';
import { Empty, LoadError, StateBadge } from './states';
import { type Downline, type Money } from './types';

/** TreePanel finds a member by username and shows it in the tree: its
 * uplines up to the top, its direct downlines (each opens its own place),
 * and, with agents.write, the move under another upline. */
export function TreePanel() {
  const { t } = useTranslation();
  const { me } = useAdminSession();
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  const [target, setTarget] = useState<TreeTarget | null>(null);
  const [moving, setMoving] = useState(false);
  const [outcome, setOutcome] = useState('');
  const tree = useQuery({
    queryKey: [...treeKey, target],
    queryFn: ({ signal }) => fetchTree(target!, signal),
    enabled: target !== null,
  });

  const search = (e: FormEvent) => {
    e.preventDefault();
    const username = draft.trim();
    if (!username) return;
    setOutcome('');
    setTarget({ username });
  };
  const openMember = (memberId: number) => {
    setOutcome('');
    setTarget({ memberId });
  };
  const data = tree.data;

  return (
    <div className="admin-panel ag-panel">
      <form className="admin-filters" role="search" aria-label={t('agents.tree.search')} onSubmit={search}>
        <label className="admin-field">
          <span>{t('agents.username')}</span>
          <input className="input" type="search" name="username" autoComplete="off" maxLength={64} value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <div className="admin-filter-actions">
          <button type="submit" className="button button-primary button-small">
            {t('agents.tree.find')}
          </button>
        </div>
      </form>
      {outcome && (
        <p className="admin-notice" role="status" data-testid="tree-outcome">
          {outcome}
        </p>
      )}
      {target === null && <p className="muted">{t('agents.tree.hint')}</p>}
      {tree.isError && <LoadError error={tree.error} onRetry={() => void tree.refetch()} />}
      {tree.isPending && target !== null && <p className="muted">{t('common.loading')}</p>}
      {data && (
        <>
          <nav className="ag-path" aria-label={t('agents.tree.path')}>
            <ol>
              <li>
                <span className="muted">{t('agents.platform')}</span>
              </li>
              {data.path
                .filter((p) => p.id !== data.member.id)
                .map((p) => (
                  <li key={p.id}>
                    <button type="button" className="ag-link" onClick={() => openMember(p.id)}>
                      {p.username}
                    </button>
                  </li>
                ))}
              <li aria-current="page">
                <strong>{data.member.username}</strong>
              </li>
            </ol>
          </nav>
          <MemberCard member={data.member} money={data} onMove={can(me, 'agents.write') ? () => setMoving(true) : undefined} />
          <h3 className="ag-subhead">{t('agents.tree.children', { n: data.children.length })}</h3>
          {data.children.length === 0 ? <Empty text={t('agents.tree.noChildren')} /> : <Children rows={data.children} money={data} onOpen={openMember} />}
          {data.children.length < data.member.directCount && (
            <p className="muted ag-small">{t('agents.tree.capped', { shown: data.children.length, total: data.member.directCount })}</p>
          )}
        </>
      )}
      {moving && data && (
        <MoveDialog
          member={data.member}
          path={data.path}
          onClose={() => setMoving(false)}
          onDone={(text) => {
            setMoving(false);
            setOutcome(text);
            void client.invalidateQueries({ queryKey: treeKey });
          }}
        />
      )}
    </div>
  );
}

function MemberCard({ member, money, onMove }: { member: Downline; money: Money; onMove?: () => void }) {
  const { t, i18n } = useTranslation();
  const bcp47 = adminLanguages.find((l) => l.code === i18n.language)?.bcp47 ?? 'en';
  return (
    <section className="ag-member" aria-label={member.username} data-testid="tree-member">
      <div className="ag-member-head">
        <h3>
          {member.username}
          {member.nickname && <span className="muted"> · {member.nickname}</span>}
        </h3>
        {onMove && (
          <button type="button" className="button button-small" onClick={onMove}>
            {t('agents.move.open')}
          </button>
        )}
      </div>
      <dl className="admin-dl">
        <div>
          <dt>{t('agents.tree.type')}</dt>
          <dd>{t(member.isAgent ? 'agents.tree.agent' : 'agents.tree.member')}</dd>
        </div>
        <div>
          <dt>{t('agents.tree.status')}</dt>
          <dd>
            <StateBadge group="memberStatus" state={member.status} />
          </dd>
        </div>
        <div>
          <dt>{t('agents.tree.balance')}</dt>
          <dd className="ag-num-inline">{moneyText(member.balance, money, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('agents.tree.teamSize')}</dt>
          <dd>{count(member.teamSize, bcp47)}</dd>
        </div>
        <div>
          <dt>{t('agents.tree.directCount')}</dt>
          <dd>{count(member.directCount, bcp47)}</dd>
        </div>
        <div>
          <dt>{t('agents.tree.lastLogin')}</dt>
          <dd>{when(member.lastLoginAt, i18n.language)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Children({ rows, money, onOpen }: { rows: Downline[]; money: Money; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const bcp47 = adminLanguages.find((l) => l.code === i18n.language)?.bcp47 ?? 'en';
  return (
    <div className="admin-table-wrap">
      <table className="admin-table ag-table">
        <caption className="visually-hidden">{t('agents.tree.childrenCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agents.username')}</th>
            <th scope="col">{t('agents.tree.type')}</th>
            <th scope="col">{t('agents.tree.status')}</th>
            <th scope="col" className="ag-num">
              {t('agents.tree.balance')}
            </th>
            <th scope="col" className="ag-num">
              {t('agents.tree.teamSize')}
            </th>
            <th scope="col" className="ag-num">
              {t('agents.tree.directCount')}
            </th>
            <th scope="col">{t('agents.tree.lastLogin')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.id} data-testid={`child-${c.id}`}>
              <td>
                <button type="button" className="ag-link" onClick={() => onOpen(c.id)}>
                  {c.username}
                </button>
              </td>
              <td>{t(c.isAgent ? 'agents.tree.agent' : 'agents.tree.member')}</td>
              <td>
                <StateBadge group="memberStatus" state={c.status} />
              </td>
              <td className="ag-num">{moneyText(c.balance, money, i18n.language)}</td>
              <td className="ag-num">{count(c.teamSize, bcp47)}</td>
              <td className="ag-num">{count(c.directCount, bcp47)}</td>
              <td>{when(c.lastLoginAt, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
