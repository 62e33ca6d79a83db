import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject } from 'react-router';
import { AgentsPage } from './agents/AgentsPage';
import { ApprovalsPage } from './approvals/ApprovalsPage';
import { AuditPage } from './audit/AuditPage';
import { CashierPage } from './cashier/CashierPage';
import { ContentPage } from './content/ContentPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { GamesPage } from './games/GamesPage';
import { allowedSections, sections } from './lib/sections';
import { useAdminSession } from './lib/session';
import { MerchantsPage } from './merchants/MerchantsPage';
import { MessagesPage } from './messages/MessagesPage';
import { OperatorsPage } from './operators/OperatorsPage';
import { PlayersPage } from './players/PlayersPage';
import { PromotionsPage } from './promotions/PromotionsPage';
import { ReportsPage } from './reports/ReportsPage';
import { SettingsPage } from './settings/SettingsPage';
import { LaterSection, NotPermitted } from './sections/LaterSection';
import { Shell } from './shell/Shell';

const built: Record<string, () => ReactNode> = {
  agents: () => <AgentsPage />,
  approvals: () => <ApprovalsPage />,
  audit: () => <AuditPage />,
  cashier: () => <CashierPage />,
  content: () => <ContentPage />,
  dashboard: () => <DashboardPage />,
  games: () => <GamesPage />,
  merchants: () => <MerchantsPage />,
  messages: () => <MessagesPage />,
  operators: () => <OperatorsPage />,
  players: () => <PlayersPage />,
  promotions: () => <PromotionsPage />,
  reports: () => <ReportsPage />,
  settings: () => <SettingsPage />,
};

// Sub-addresses of a section: the section's page stays mounted and reads
// them itself (a player's profile is /players/:id, linkable).
const subRoutes: Record<string, RouteObject[]> = {
  players: [{ path: ':id' }],
};

// Allowed renders a section only for an operator whose role opens it: the
// server refuses the data anyway, the screen should not pretend otherwise.
function Allowed({ id }: { id: string }) {
  const { me } = useAdminSession();
  if (!allowedSections(me.permissions).some((s) => s.id === id)) return <NotPermitted />;
  return <>{built[id] ? built[id]() : <LaterSection id={id} />}</>;
}

// Home opens the first section the operator may use.
function Home() {
  const { t } = useTranslation();
  const { me } = useAdminSession();
  const first = allowedSections(me.permissions)[0];
  if (first) return <Navigate to={first.path} replace />;
  return (
    <div className="admin-empty" role="status">
      <p className="admin-empty-title">{t('common.noSections')}</p>
    </div>
  );
}

/** adminRoutes are the back office's routes below /admin. */
export const adminRoutes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <Home /> },
      ...sections.map((s) => ({ path: s.path.slice(1), element: <Allowed id={s.id} />, children: subRoutes[s.id] })),
      { path: '*', element: <Home /> },
    ],
  },
];
