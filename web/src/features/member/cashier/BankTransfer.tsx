import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../lib/popups';
import { errorText } from '../../../lib/errorText';
import type { BankDetails, Deposit } from './api';
import { useCashierMoney } from './format';

/** BankTransfer shows where a manual deposit goes and how much, each
 * detail with a copy button (typing an account number is where transfers
 * go wrong). */
export function BankTransfer({ bank, order }: { bank: BankDetails; order: Deposit }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const amount = money(order.amount, order.decimals, order.currency);
  // The plain figure, without grouping, is what a banking app accepts.
  const plain = (order.amount / 10 ** order.decimals).toFixed(order.decimals);
  const rows: { key: string; label: string; value: string; copy: string }[] = [
    { key: 'bankName', label: t('cashier.bank.bankName'), value: bank.bankName, copy: bank.bankName },
    { key: 'accountName', label: t('cashier.bank.accountName'), value: bank.accountName, copy: bank.accountName },
    { key: 'accountNumber', label: t('cashier.bank.accountNumber'), value: bank.accountNumber, copy: bank.accountNumber },
    { key: 'amount', label: t('cashier.bank.transfer'), value: amount, copy: plain },
  ];

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      showMessage(t('cashier.bank.copied'));
    } catch (err) {
      showMessage(errorText(t, err), { tone: 'warning' });
    }
  }

  return (
    <section className="cashier-bank" aria-labelledby="cashier-bank-title">
      <h4 id="cashier-bank-title">{t('cashier.bank.title')}</h4>
      <dl className="cashier-bank-rows">
        {rows.map((r) => (
          <div key={r.key} className="cashier-bank-row">
            <dt>{r.label}</dt>
            <dd dir="auto" data-testid={`bank-${r.key}`}>
              {r.value}
            </dd>
            <dd>
              <button type="button" className="button button-small" aria-label={t('cashier.bank.copy', { what: r.label })} onClick={() => void copy(r.copy)}>
                {t('cashier.bank.copyShort')}
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
