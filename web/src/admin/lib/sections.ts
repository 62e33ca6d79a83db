/** Section is one entry of the side navigation. */
export type Section = {
  id: string;
  path: string;
  // anyOf: an operator with one of these permissions sees the section.
  anyOf: string[];
  // built: false for sections whose screens come with a later release.
  built: boolean;
  // parts are the panels of a section's page (sections.<id>.parts.<part>),
  // drawn empty until the section is built.
  parts?: string[];
};

// The sections of the back office (issue 13), in the navigation's order.
export const sections: Section[] = [
  { id: 'dashboard', path: '/dashboard', anyOf: ['dashboard.read'], built: true, parts: ['today', 'hourly'] },
  { id: 'players', path: '/players', anyOf: ['players.read', 'players.write'], built: true, parts: ['search', 'profile'] },
  { id: 'cashier', path: '/cashier', anyOf: ['cashier.read', 'cashier.decide', 'cashier.channels'], built: true, parts: ['deposits', 'withdrawals', 'channels', 'withdrawSettings', 'report'] },
  { id: 'games', path: '/games', anyOf: ['games.write'], built: true, parts: ['games', 'vendors'] },
  { id: 'settings', path: '/settings', anyOf: ['settings.write'], built: true, parts: ['maintenance', 'modules', 'register', 'languages', 'currency', 'domains', 'region', 'customerService', 'ipAllow'] },
  { id: 'content', path: '/content', anyOf: ['content.write'], built: true, parts: ['banners', 'notices', 'announcements', 'help'] },
  { id: 'messages', path: '/messages', anyOf: ['content.write'], built: true },
  { id: 'reports', path: '/reports', anyOf: ['reports.read'], built: true, parts: ['ggr', 'profitLoss', 'players'] },
  { id: 'agents', path: '/agents', anyOf: ['agents.read', 'agents.write', 'agents.settle'], built: true, parts: ['tree', 'contracts', 'runs', 'commission'] },
  { id: 'promotions', path: '/promotions', anyOf: ['promotions.read', 'promotions.write', 'promotions.review'], built: true, parts: ['promotions', 'applications', 'bonus', 'points', 'redemptions', 'vip', 'rebate'] },
  { id: 'approvals', path: '/approvals', anyOf: ['wallet.adjust.request', 'wallet.adjust.approve', 'approvals.read', 'approvals.decide', 'settings.write'], built: true },
  { id: 'audit', path: '/audit', anyOf: ['audit.read'], built: true },
  { id: 'operators', path: '/operators', anyOf: ['operators.manage', 'roles.manage'], built: true },
  { id: 'merchants', path: '/merchants', anyOf: ['merchants.manage'], built: true },
];

/** allowedSections are the sections an operator with permissions may open. */
export function allowedSections(permissions: readonly string[]): Section[] {
  return sections.filter((s) => s.anyOf.some((p) => permissions.includes(p)));
}
