import type { AdminChannel, ChannelBody, ChannelKind, Gateway } from './types';

// The channel form edits text; this module turns a channel into that text,
// judges it, and turns it back into the API's body. Problems are catalogue
// keys below cashier.channels.problem.

/** InstructionRow is one language's instructions in the form. */
export type InstructionRow = { lang: string; text: string };

/** ChannelDraft is the form's state: every field as typed. */
export type ChannelDraft = {
  code: string;
  name: string;
  kind: ChannelKind;
  gateway: Gateway;
  currency: string;
  min: string;
  max: string;
  feeBps: string;
  feeFixed: string;
  dailyCount: string;
  dailyAmount: string;
  displayOrder: string;
  vipLevels: string;
  enabled: boolean;
  instructions: InstructionRow[];
  bankName: string;
  accountName: string;
  accountNumber: string;
};

/** The languages a new channel's instructions start with (the demo
 * merchant's default, English and Chinese), as portal language codes:
 * the server picks the text by the member's language code. */
export const startLanguages = ['EN', 'KM', 'CN'];

/** emptyDraft is a new channel's form: a manual bank channel with no
 * fee and no daily limit. */
export const emptyDraft: ChannelDraft = {
  code: '',
  name: '',
  kind: 'bank',
  gateway: 'manual',
  currency: 'USD',
  min: '',
  max: '',
  feeBps: '0',
  feeFixed: '0.00',
  dailyCount: '0',
  dailyAmount: '0.00',
  displayOrder: '0',
  vipLevels: '',
  enabled: true,
  instructions: startLanguages.map((lang) => ({ lang, text: '' })),
  bankName: '',
  accountName: '',
  accountNumber: '',
};

/** draftOf is the form for an existing channel. */
export function draftOf(c: AdminChannel): ChannelDraft {
  const instructions = Object.entries(c.instructions ?? {}).map(([lang, text]) => ({ lang, text }));
  return {
    code: c.code,
    name: c.name,
    kind: c.kind,
    gateway: c.gateway,
    currency: c.currency,
    min: c.min,
    max: c.max,
    feeBps: String(c.feeBps),
    feeFixed: c.feeFixed,
    dailyCount: String(c.dailyCount),
    dailyAmount: c.dailyAmount,
    displayOrder: String(c.displayOrder),
    vipLevels: c.vipLevels.join(', '),
    enabled: c.enabled,
    instructions: instructions.length ? instructions : [{ lang: 'EN', text: '' }],
    bankName: c.bank?.bankName ?? '',
    accountName: c.bank?.accountName ?? '',
    accountNumber: c.bank?.accountNumber ?? '',
  };
}

/** Problems are catalogue keys by field (instructions by row). */
export type Problems = Partial<Record<keyof ChannelDraft | `instructions.${number}`, string>>;

const amountPattern = /^\d{1,12}(\.\d{1,8})?$/;
const wholePattern = /^\d{1,9}$/;

// Decimal strings compared without floats: pad both to the same shape.
function compareDecimal(a: string, b: string): number {
  const [ai, af = ''] = a.split('.');
  const [bi, bf = ''] = b.split('.');
  const w = Math.max(ai.length, bi.length);
  const f = Math.max(af.length, bf.length);
  const x = ai.padStart(w, '0') + af.padEnd(f, '0');
  const y = bi.padStart(w, '0') + bf.padEnd(f, '0');
  return x < y ? -1 : x > y ? 1 : 0;
}

const isZero = (s: string) => /^0*(\.0*)?$/.test(s);

/** vipList reads "1, 2,3" as levels; null when an entry is not a whole
 * number. Empty means every level. */
export function vipList(text: string): number[] | null {
  const parts = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (!parts.every((p) => wholePattern.test(p))) return null;
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

/** validateChannel is what is wrong with a draft, field by field; empty
 * when it may be sent (the server checks again). creating: the code is
 * only typed, and checked, when the channel is made. */
export function validateChannel(d: ChannelDraft, creating: boolean): Problems {
  const p: Problems = {};
  if (creating && !/^[a-z0-9_-]{2,32}$/.test(d.code.trim())) p.code = 'code';
  if (!d.name.trim()) p.name = 'required';
  else if (d.name.trim().length > 64) p.name = 'tooLong';
  // The match gateway carries p2p, and p2p only.
  if ((d.kind === 'p2p') !== (d.gateway === 'match')) p.gateway = 'match';
  if (!/^[A-Z]{3}$/.test(d.currency.trim())) p.currency = 'currency';
  const min = d.min.trim();
  const max = d.max.trim();
  if (!amountPattern.test(min) || isZero(min)) p.min = 'amount';
  if (!amountPattern.test(max) || isZero(max)) p.max = 'amount';
  if (!p.min && !p.max && compareDecimal(min, max) > 0) p.max = 'range';
  if (!wholePattern.test(d.feeBps.trim()) || Number(d.feeBps) > 10_000) p.feeBps = 'bps';
  if (!amountPattern.test(d.feeFixed.trim())) p.feeFixed = 'amount';
  if (!wholePattern.test(d.dailyCount.trim())) p.dailyCount = 'whole';
  if (!amountPattern.test(d.dailyAmount.trim())) p.dailyAmount = 'amount';
  if (!/^-?\d{1,6}$/.test(d.displayOrder.trim())) p.displayOrder = 'whole';
  if (vipList(d.vipLevels) === null) p.vipLevels = 'vip';
  const seen = new Set<string>();
  d.instructions.forEach((row, i) => {
    const lang = row.lang.trim().toUpperCase();
    if (!/^[A-Z]{2}(-[A-Z]{2})?$/.test(lang)) p[`instructions.${i}`] = 'lang';
    else if (seen.has(lang)) p[`instructions.${i}`] = 'langTwice';
    else if (row.text.length > 2000) p[`instructions.${i}`] = 'tooLong';
    seen.add(lang);
  });
  if (d.gateway === 'manual') {
    if (!d.bankName.trim()) p.bankName = 'required';
    if (!d.accountName.trim()) p.accountName = 'required';
    if (!d.accountNumber.trim()) p.accountNumber = 'required';
  }
  return p;
}

/** bodyOf is the API body of a valid draft. Empty instructions are left
 * out, language codes are upper case (KM, PT-BR); bank details go with
 * manual channels only. */
export function bodyOf(d: ChannelDraft): ChannelBody {
  const instructions: Record<string, string> = {};
  for (const row of d.instructions) if (row.text.trim()) instructions[row.lang.trim().toUpperCase()] = row.text.trim();
  return {
    code: d.code.trim(),
    name: d.name.trim(),
    kind: d.kind,
    gateway: d.gateway,
    currency: d.currency.trim(),
    min: d.min.trim(),
    max: d.max.trim(),
    feeBps: Number(d.feeBps),
    feeFixed: d.feeFixed.trim(),
    dailyCount: Number(d.dailyCount),
    dailyAmount: d.dailyAmount.trim(),
    displayOrder: Number(d.displayOrder),
    vipLevels: vipList(d.vipLevels) ?? [],
    enabled: d.enabled,
    instructions,
    bank: d.gateway === 'manual' ? { bankName: d.bankName.trim(), accountName: d.accountName.trim(), accountNumber: d.accountNumber.trim() } : null,
  };
}
