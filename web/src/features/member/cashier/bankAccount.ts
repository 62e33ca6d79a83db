/** BankAccountDraft is the add form as typed. */
export type BankAccountDraft = { bankName: string; accountNumber: string; accountName: string };

/** BankAccountProblems names each field that breaks the contract's rules. */
export type BankAccountProblems = Partial<Record<keyof BankAccountDraft, true>>;

/** normalName is a holder name compared the server's way: case and
 * repeated spaces ignored. */
export function normalName(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** accountDigits is the number as sent: spaces and dashes taken out. */
export function accountDigits(s: string): string {
  return s.replace(/[\s-]/g, '');
}

const length = (s: string) => [...s.trim()].length;

/** checkBankAccount applies the contract's rules before sending (the
 * server checks again): bank 2-64 characters; number 6-34 letters or
 * digits once spaces and dashes are gone; holder 2-64 characters. */
export function checkBankAccount(d: BankAccountDraft): BankAccountProblems {
  const p: BankAccountProblems = {};
  if (length(d.bankName) < 2 || length(d.bankName) > 64) p.bankName = true;
  if (!/^[A-Za-z0-9]{6,34}$/.test(accountDigits(d.accountNumber))) p.accountNumber = true;
  if (length(d.accountName) < 2 || length(d.accountName) > 64) p.accountName = true;
  return p;
}
