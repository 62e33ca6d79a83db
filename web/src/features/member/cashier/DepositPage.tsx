import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { useMember } from '../../../data/member';
import { DepositHistory } from './DepositHistory';
import { NewDepositForm } from './NewDepositForm';
import { OrderPanel } from './OrderPanel';
import './deposit.css';
// English cashier.* strings load with this page, not with the lobby.
import './strings';

/** DepositPage is the member centre's deposit page (depositv2): pick a
 * payment channel, enter an amount, confirm, then pay (the simulator's
 * hosted page) or transfer and send the receipt (manual). The order shown
 * is in the address (?order=12), so the pay page can link back to it, and
 * the member's past deposits are listed below. */
export function DepositPage() {
  const { t } = useTranslation();
  const { member } = useMember();
  // A trial account cannot deposit and never asks the cashier anything.
  if (member?.isTrial) return <EmptyState title={t('errors.realAccount')} />;
  if (!member) return <Spinner />;
  return <Cashier />;
}

function Cashier() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('order') ?? '';
  const orderId = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : 0;
  const show = (id: number | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('order', String(id));
      else next.delete('order');
      return next;
    });
  return (
    <div className="cashier">
      {orderId ? <OrderPanel key={orderId} id={orderId} onNew={() => show(null)} /> : <NewDepositForm onCreated={(id) => show(id)} />}
      <DepositHistory current={orderId} onOpen={(id) => show(id)} />
    </div>
  );
}
