import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import type { ComponentType } from 'react';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useConsolidated } from '../../data/consolidated';
import { useMember, type MemberState } from '../../data/member';
import { usePermission } from '../../data/permission';
import { openPopup } from '../../lib/popups';
import { agentPages, kindOfPage } from './nav';
import { Announcements } from './pages/Announcements';
import { ContractPage } from './pages/ContractPage';
import { DownlineManagement } from './pages/DownlineManagement';
import { DownlineTransactions } from './pages/DownlineTransactions';
import { Income } from './pages/Income';
import { MemberProfitLoss } from './pages/MemberProfitLoss';
import { RegisterCenter } from './pages/RegisterCenter';
import { TeamBets } from './pages/TeamBets';
import { TeamOverview } from './pages/TeamOverview';
import './agent.css';

export { agentPages } from './nav';

// What each page identifier shows; the contract pages share one component.
const pageViews: Record<string, ComponentType> = {
  agentAnnouncement: Announcements,
  agentTeamOverview: TeamOverview,
  registerCenter: RegisterCenter,
  downlineManagmentView: DownlineManagement,
  personalHistoryCopy: TeamBets,
  palStatementsAgentCopy: MemberProfitLoss,
  agentRevenueReport: Income,
  agentDownlineTransactionDetailsCopy: DownlineTransactions,
};

// AgentPage is the agent layout (no header, side menu or footer): /agent
// is the agents' entrance, /agentHome their centre. Who goes where waits
// for the server to say who is logged in: an agent who opens the entrance
// is sent on to the centre, anyone else who opens the centre back to the
// entrance (the server refuses them agent data too).
export function AgentPage() {
  const { t } = useTranslation();
  const p = usePermission();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const session = useMember();
  const consolidated = useConsolidated();
  const pages = agentPages(p, consolidated.data);
  const page = pages.includes(params.get('page') ?? '') ? params.get('page')! : 'agentTeamOverview';
  const place = agentPlace(session);
  if (place === 'centre' && pathname !== '/agentHome') return <Navigate to="/agentHome" replace />;
  if (place === 'entrance' && pathname !== '/agent') return <Navigate to="/agent" replace />;

  return (
    <div className="agent-layout">
      <header className="agent-bar">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          <span className="brand-name">{p.merchant.name}</span>
        </Link>
        <span className="agent-badge">{t('agent.title')}</span>
      </header>
      {place === 'wait' ? (
        session.error ? <LoadError error={session.error} onRetry={session.retry} /> : <Spinner />
      ) : place === 'entrance' ? (
        <section className="agent-entry card">
          <h1>{t('agent.entryTitle')}</h1>
          <p>{t('agent.entryLead')}</p>
          <button type="button" className="button button-primary" onClick={() => openPopup('login', { entry: 'agent' })}>
            {t('agent.login')}
          </button>
        </section>
      ) : (
        <div className="member-layout">
          <nav aria-label={t('agent.title')}>
            <ul className="member-nav">
              {pages.map((a) => (
                <li key={a}>
                  <Link to={`/agentHome?page=${a}`} aria-current={a === page ? 'page' : undefined}>
                    {t(`agent.page.${a}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section className="member-content">
            <h2>{t(`agent.page.${page}`)}</h2>
            <PageView key={page} page={page} />
          </section>
        </div>
      )}
    </div>
  );
}

// agentPlace decides what the agent layout shows, whichever of its two
// paths was opened: the centre to an agent, the entrance to a visitor or a
// member who is not an agent, and nothing yet while a session token waits
// for its member.
export function agentPlace(session: Pick<MemberState, 'loggedIn' | 'known' | 'member'>): 'entrance' | 'centre' | 'wait' {
  if (!session.loggedIn) return 'entrance';
  if (!session.known) return 'wait';
  return session.member?.isAgent ? 'centre' : 'entrance';
}

function PageView({ page }: { page: string }) {
  const kind = kindOfPage(page);
  if (kind) return <ContractPage kind={kind} />;
  const View = pageViews[page] ?? TeamOverview;
  return <View />;
}
