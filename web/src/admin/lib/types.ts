// The back-office API's shapes (the contract of /admin/api).

/** Me is the logged-in operator. */
export type Me = {
  id: number;
  username: string;
  merchant: string;
  role: string;
  permissions: string[];
  csrfToken: string;
};

/** LoginStep is what the log-in asks for next. */
export type LoginStep =
  | { step: 'password_change'; loginToken: string }
  | { step: 'totp_setup'; loginToken: string; secret: string; otpauthUrl: string }
  | { step: 'totp'; loginToken: string };

/** LoggedIn is the answer of the last log-in step. */
export type LoggedIn = { operator: Me; csrfToken: string };

/** AuditEntry is one line of the audit trail. */
export type AuditEntry = {
  id: number;
  time: string;
  operator: string;
  merchant: string;
  ip: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  outcome: string;
};

/** Page is one server page of a list. */
export type Page<T> = { content: T[]; pageNum: number; pageSize: number; totalPages: number; total: number };

/** Operator is a back-office account as the operators list shows it. */
export type Operator = {
  id: number;
  username: string;
  merchant: string;
  role: string;
  disabled: boolean;
  totpEnabled: boolean;
  lastLoginAt: string | null;
};

/** A role: built-in (owner, finance, ...) or composed by the owner. */
export type Role = { name: string; builtIn: boolean; permissions: string[] };

/** Permission is one thing a role may allow. */
export type Permission = { name: string; description: string };

/** ApprovalStatus is where a two-person request stands. */
export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'expired';

/** Approval is a request one operator makes and another decides: for now a
 * balance adjustment (kind wallet.adjust), its amount a signed decimal in
 * major units. */
export type Approval = {
  id: number;
  kind: string;
  merchant: string;
  member: string;
  amount: string;
  reason: string;
  summary: string;
  status: ApprovalStatus;
  requestedBy: string;
  requestedAt: string;
  expiresAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  // result: an adjustment's balance after it; a held action's outcome
  // (ok, or refused with the code it answered).
  result: { balance?: string; outcome?: string; code?: string } | null;
  // action is the held call of an admin.action request (an action the
  // owner marked sensitive).
  action?: HeldAction;
};

/** HeldAction is a back-office call kept until another operator approves it. */
export type HeldAction = { action: string; method: string; path: string; url: string; query: string; body: unknown };

/** SensitiveAction is a back-office action the owner may mark as needing approval. */
export type SensitiveAction = { action: string; method: string; path: string; summary: string; permission: string; sensitive: boolean };

/** PlayerStatus is whether a player may log in. */
export type PlayerStatus = 'active' | 'frozen';

/** PlayerRow is a player as the players list and profile show it; balance
 * is a decimal in major units, as a string. */
export type PlayerRow = {
  id: number;
  username: string;
  // type is the account kind (the server sends a number).
  type: number | string;
  status: PlayerStatus;
  mobile: string;
  email: string;
  realName: string;
  currency: string;
  balance: string;
  createdAt: string;
  lastLoginAt: string | null;
};

/** PlayerSession is one of a player's active log-in sessions. */
export type PlayerSession = { createdAt: string; lastSeenAt: string; ip: string };

/** PlayerAddress is an IP address a player logged in from. */
export type PlayerAddress = { ip: string; firstSeen: string; lastSeen: string };

/** PlayerDetail is a player's profile page. */
export type PlayerDetail = {
  player: PlayerRow;
  sessions: PlayerSession[];
  addresses: PlayerAddress[];
  // notes are staff's remarks, newest first; tags staff's labels.
  notes: PlayerNote[];
  tags: string[];
  // totp: whether the player has an authenticator on.
  totp: boolean;
  unreadMessages: number;
};

/** PlayerNote is a remark staff left on a player (never edited). */
export type PlayerNote = { id: number; operator: string; text: string; createdAt: string };
