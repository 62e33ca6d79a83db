import { fromInput, localInput, localToIso, toInput, basisPoints, major } from './money';
import { textLanguages, type AdminPromo, type Money, type PromoBody, type PromoKind, type PromoText, type RewardKind } from './types';

// The promotion builder's form: what the operator types (text, as typed),
// its checks, and the contract's body made from it.

export type RewardMode = 'fixed' | 'percent';

export type PromoDraft = {
  kind: PromoKind;
  startsAt: string; // datetime-local
  endsAt: string;
  vipMin: string;
  vipMax: string;
  gameTypes: string[];
  minDeposit: string;
  target: string;
  perMemberLimit: string;
  totalLimit: string;
  budget: string;
  rewardKind: RewardKind;
  mode: RewardMode;
  amount: string;
  percent: string;
  cap: string;
  wagering: string;
  expiryDays: string;
  imageUrl: string;
  texts: Record<string, PromoText>;
};

const noText = (): Record<string, PromoText> => Object.fromEntries(textLanguages.map((l) => [l, { title: '', summary: '', body: '' }]));

export function emptyDraft(): PromoDraft {
  return {
    kind: 'first_deposit',
    // A new promotion starts now unless the operator picks a later time.
    startsAt: localInput(new Date().toISOString()),
    endsAt: '',
    vipMin: '0',
    vipMax: '99',
    gameTypes: [],
    minDeposit: '0',
    target: '0',
    perMemberLimit: '1',
    totalLimit: '0',
    budget: '0',
    rewardKind: 'bonus',
    mode: 'percent',
    amount: '0',
    percent: '100',
    cap: '0',
    wagering: '10',
    expiryDays: '7',
    imageUrl: '',
    texts: noText(),
  };
}

/** draftOf is a saved promotion as the form shows it. */
export function draftOf(p: AdminPromo, m: Money | undefined): PromoDraft {
  const pts = p.reward.kind === 'points';
  const texts = noText();
  // Languages are keyed in lower case as the tabs are ("km"); the server
  // answers so, and takes either case.
  for (const [lang, tx] of Object.entries(p.texts ?? {})) if (tx) texts[lang.toLowerCase()] = { title: tx.title ?? '', summary: tx.summary ?? '', body: tx.body ?? '' };
  return {
    kind: p.kind,
    startsAt: localInput(p.startsAt),
    endsAt: localInput(p.endsAt),
    vipMin: String(p.vipMin),
    vipMax: String(p.vipMax),
    gameTypes: [...(p.gameTypes ?? [])],
    minDeposit: toInput(p.minDeposit, false, m),
    target: toInput(p.target, false, m),
    perMemberLimit: String(p.perMemberLimit),
    totalLimit: String(p.totalLimit),
    budget: toInput(p.budget, pts, m),
    rewardKind: p.reward.kind,
    mode: p.reward.percentBp > 0 ? 'percent' : 'fixed',
    amount: toInput(p.reward.amount, pts, m),
    percent: major(p.reward.percentBp, 2),
    cap: toInput(p.reward.cap, pts, m),
    wagering: String(p.reward.wagering || 10),
    expiryDays: String(p.reward.expiryDays || 7),
    imageUrl: p.imageUrl ?? '',
    texts,
  };
}

/** percentKinds are the kinds with a qualifying figure a percent reward
 * is taken of (the deposit, the turnover, the loss). */
export const percentKinds: PromoKind[] = ['first_deposit', 'deposit', 'turnover', 'loss'];
export const depositKinds: PromoKind[] = ['first_deposit', 'deposit'];
export const targetKinds: PromoKind[] = ['turnover', 'loss'];

const int = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : null);

/** validatePromo finds what is wrong with a draft before it is sent:
 * field → problem key. */
export function validatePromo(d: PromoDraft, m: Money | undefined): Record<string, string> {
  const p: Record<string, string> = {};
  const pts = d.rewardKind === 'points';
  const start = localToIso(d.startsAt);
  if (!start) p.startsAt = 'required';
  if (d.endsAt) {
    const end = localToIso(d.endsAt);
    if (!end) p.endsAt = 'invalid';
    else if (start && end <= start) p.endsAt = 'endBeforeStart';
  }
  const lo = int(d.vipMin);
  const hi = int(d.vipMax);
  if (lo === null || lo > 99) p.vipMin = 'vipRange';
  if (hi === null || hi > 99) p.vipMax = 'vipRange';
  else if (lo !== null && lo > hi) p.vipMax = 'vipOrder';
  if (depositKinds.includes(d.kind) && fromInput(d.minDeposit, false, m) === null) p.minDeposit = 'amount';
  if (targetKinds.includes(d.kind)) {
    const v = fromInput(d.target, false, m);
    if (v === null || v <= 0) p.target = 'positive';
  }
  const per = int(d.perMemberLimit);
  if (per === null || per < 1) p.perMemberLimit = 'atLeastOne';
  if (int(d.totalLimit) === null) p.totalLimit = 'whole';
  if (fromInput(d.budget, pts, m) === null) p.budget = pts ? 'whole' : 'amount';
  const percent = d.mode === 'percent' && percentKinds.includes(d.kind);
  if (percent) {
    const bp = basisPoints(d.percent);
    if (bp === null || bp <= 0 || bp > 100000) p.percent = 'percent';
    if (fromInput(d.cap, pts, m) === null) p.cap = pts ? 'whole' : 'amount';
  } else {
    const a = fromInput(d.amount, pts, m);
    // An application's amount is only the default: the reviewer sets it.
    if (a === null || (a <= 0 && d.kind !== 'application')) p.amount = 'positive';
  }
  if (d.rewardKind === 'bonus') {
    const w = int(d.wagering);
    if (w === null || w < 1 || w > 100) p.wagering = 'wagering';
    const e = int(d.expiryDays);
    if (e === null || e < 1 || e > 365) p.expiryDays = 'expiry';
  }
  const titled = textLanguages.filter((l) => d.texts[l]?.title.trim());
  if (titled.length === 0) p['texts.title'] = 'titleNeeded';
  for (const l of textLanguages) {
    const tx = d.texts[l];
    if (tx && tx.title.length > 100) p[`texts.${l}.title`] = 'tooLong';
    if (tx && tx.summary.length > 300) p[`texts.${l}.summary`] = 'tooLong';
    if (tx && !tx.title.trim() && (tx.summary.trim() || tx.body.trim())) p[`texts.${l}.title`] = 'required';
  }
  const url = d.imageUrl.trim();
  if (url && !/^(https?:\/\/|\/)\S+$/.test(url)) p.imageUrl = 'url';
  return p;
}

/** bodyOf is the contract's create/update body of a valid draft. */
export function bodyOf(d: PromoDraft, m: Money | undefined): PromoBody {
  const pts = d.rewardKind === 'points';
  const percent = d.mode === 'percent' && percentKinds.includes(d.kind);
  const bonus = d.rewardKind === 'bonus';
  const texts: Record<string, PromoText> = {};
  for (const [l, tx] of Object.entries(d.texts)) {
    if (tx.title.trim()) texts[l] = { title: tx.title.trim(), summary: tx.summary.trim(), body: tx.body };
  }
  return {
    kind: d.kind,
    imageUrl: d.imageUrl.trim(),
    startsAt: localToIso(d.startsAt) ?? '',
    endsAt: localToIso(d.endsAt),
    reward: {
      kind: d.rewardKind,
      amount: percent ? 0 : (fromInput(d.amount, pts, m) ?? 0),
      percentBp: percent ? (basisPoints(d.percent) ?? 0) : 0,
      cap: percent ? (fromInput(d.cap, pts, m) ?? 0) : 0,
      wagering: bonus ? Number(d.wagering) : 0,
      expiryDays: bonus ? Number(d.expiryDays) : 0,
    },
    minDeposit: depositKinds.includes(d.kind) ? (fromInput(d.minDeposit, false, m) ?? 0) : 0,
    target: targetKinds.includes(d.kind) ? (fromInput(d.target, false, m) ?? 0) : 0,
    gameTypes: targetKinds.includes(d.kind) ? d.gameTypes : [],
    perMemberLimit: Number(d.perMemberLimit),
    totalLimit: Number(d.totalLimit),
    budget: fromInput(d.budget, pts, m) ?? 0,
    vipMin: Number(d.vipMin),
    vipMax: Number(d.vipMax),
    texts,
  };
}

/** fieldOfServer maps a field the server names to the form's field. */
export function fieldOfServer(field: string): string {
  const f = field.replace(/^conditions\./, '');
  if (f.startsWith('reward.')) {
    const r = f.slice(7);
    return r === 'percentBp' ? 'percent' : r === 'kind' ? 'rewardKind' : r;
  }
  if (/^texts\.\w+\.(title|summary|body)$/.test(f)) return f;
  if (f === 'texts') return 'texts.title';
  return f;
}

/** nextStatuses are the status actions a promotion in status offers. */
export function nextStatuses(status: string): ('live' | 'paused' | 'ended')[] {
  if (status === 'draft') return ['live'];
  if (status === 'live') return ['paused', 'ended'];
  if (status === 'paused') return ['live', 'ended'];
  return [];
}
