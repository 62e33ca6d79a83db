import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { useMember } from '../../../data/member';
import { useBalance, useMoney } from '../../../data/wallet';
import { errorText } from '../../../lib/errorText';
import { MAIN, newRequestId, useRecallAll, useSubWallets, useWalletTransfer, type MerchantWallets, type WalletTransfer } from './api';
import { checkTransfer, majorText } from './check';
import './transfer.css';

/** TransferWallets is the transferFund page of a merchant whose vendors
 * keep wallets of their own (decision 0031): the main balance and each
 * game wallet's, a form to move money between the main wallet and one of
 * them, a recall of everything back to main, and the transfers the
 * vendors have not confirmed yet, shown as such. */
export function TransferWallets() {
  const { t } = useTranslation();
  const { member } = useMember();
  // Play money never mixes with a vendor's wallet.
  if (member?.isTrial) return <EmptyState title={t('errors.realAccount')} />;
  if (!member) return <Spinner />;
  return <Wallets />;
}

function Wallets() {
  const q = useSubWallets();
  const balance = useBalance();
  const [result, setResult] = useState<Result | null>(null);
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const refresh = () => {
    void q.refetch();
    void balance.refetch();
  };
  return (
    <div className="transfer-wallets">
      <WalletList data={q.data} main={balance.data?.balance ?? null} refreshing={q.isFetching} onRefresh={refresh} />
      <TransferForm data={q.data} main={balance.data?.balance ?? null} onResult={setResult} />
      {result && <ResultLine result={result} />}
      <Pending list={q.data.pending} />
    </div>
  );
}

function WalletList({ data, main, refreshing, onRefresh }: { data: MerchantWallets; main: number | null; refreshing: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const recall = useRecallAll();
  const requestId = useRef<string | null>(null);
  const [recallText, setRecallText] = useState('');
  const holding = data.wallets.some((w) => (w.balance ?? 0) > 0);

  async function recallAll() {
    requestId.current ??= newRequestId();
    setRecallText('');
    try {
      const r = await recall.mutateAsync(requestId.current);
      requestId.current = null;
      const open = r.transfers.some((x) => x.status === 'pending' || x.status === 'unknown');
      const failed = r.transfers.some((x) => x.status === 'failed');
      const parts = [r.transfers.length === 0 ? t('wallet.transfer.nothingToRecall') : open ? t('wallet.transfer.confirming') : failed ? t('wallet.transfer.failed') : t('wallet.transfer.recalled')];
      if (r.unavailable.length > 0) parts.push(t('wallet.transfer.someUnavailable'));
      setRecallText(parts.join(' '));
    } catch (err) {
      // The same id is kept for a retry: the server recalls once.
      setRecallText(errorText(t, err));
    }
  }

  return (
    <section className="transfer-card" aria-labelledby="wallets-title">
      <div className="transfer-head">
        <h2 id="wallets-title">{t('wallet.transfer.wallets')}</h2>
        <button type="button" className="button button-small button-ghost" onClick={onRefresh} disabled={refreshing} data-testid="wallets-refresh">
          {t('wallet.transfer.refresh')}
        </button>
      </div>
      <ul className="wallet-rows" data-testid="wallet-rows">
        <li className="wallet-row wallet-row-main" data-testid="wallet-main">
          <span>{t('wallet.transfer.main')}</span>
          <span className="wallet-amount">{main === null ? '…' : money.format(main)}</span>
        </li>
        {data.wallets.map((w) => (
          <li key={w.vendor} className="wallet-row" data-testid={`wallet-${w.vendor}`}>
            <span dir="auto">{w.name}</span>
            {w.available && w.balance !== null ? (
              <span className="wallet-amount">{money.format(w.balance)}</span>
            ) : (
              <span className="wallet-amount muted">{t('wallet.transfer.unavailable')}</span>
            )}
          </li>
        ))}
      </ul>
      <button type="button" className="button button-block" onClick={() => void recallAll()} disabled={recall.isPending || !holding} data-testid="recall-all">
        {t('wallet.transfer.recallAll')}
      </button>
      {recallText && (
        <p role="status" className="transfer-note" data-testid="recall-result">
          {recallText}
        </p>
      )}
    </section>
  );
}

type Result = { transfer: WalletTransfer } | { error: string };

function TransferForm({ data, main, onResult }: { data: MerchantWallets; main: number | null; onResult: (r: Result) => void }) {
  const { t } = useTranslation();
  const send = useWalletTransfer();
  const [from, setFrom] = useState(MAIN);
  const [to, setTo] = useState(data.wallets[0]?.vendor ?? '');
  const [amount, setAmount] = useState('');
  const [shown, setShown] = useState(false);
  const requestId = useRef<string | null>(null);
  const source = from === MAIN ? main : (data.wallets.find((w) => w.vendor === from)?.balance ?? null);
  const { minor, problem } = checkTransfer(from, to, amount, data.decimals, source);
  const edited = () => {
    requestId.current = null;
    setShown(false);
  };
  const name = (code: string) => (code === MAIN ? t('wallet.transfer.main') : (data.wallets.find((w) => w.vendor === code)?.name ?? code));
  const options = [MAIN, ...data.wallets.map((w) => w.vendor)];

  async function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (problem || minor === null || send.isPending) return;
    requestId.current ??= newRequestId();
    try {
      const r = await send.mutateAsync({ from, to, amount: majorText(minor, data.decimals), requestId: requestId.current });
      requestId.current = null;
      setAmount('');
      setShown(false);
      onResult({ transfer: r.transfer });
    } catch (err) {
      // A network failure keeps the id: sending again cannot move twice.
      onResult({ error: errorText(t, err) });
    }
  }

  return (
    <form className="transfer-card transfer-form" onSubmit={(e) => void submit(e)} noValidate data-testid="transfer-form">
      <h2>{t('wallet.transfer.title')}</h2>
      <div className="transfer-pair">
        <div className="field">
          <label htmlFor="transfer-from">{t('wallet.transfer.from')}</label>
          <select id="transfer-from" className="input" value={from} onChange={(e) => (setFrom(e.target.value), edited(), e.target.value !== MAIN && setTo(MAIN))}>
            {options.map((o) => (
              <option key={o} value={o}>
                {name(o)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="transfer-to">{t('wallet.transfer.to')}</label>
          <select id="transfer-to" className="input" value={to} onChange={(e) => (setTo(e.target.value), edited(), e.target.value !== MAIN && setFrom(MAIN))}>
            {options.map((o) => (
              <option key={o} value={o}>
                {name(o)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="transfer-amount">{t('wallet.transfer.amount')}</label>
        <input
          id="transfer-amount"
          className="input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => (setAmount(e.target.value), edited())}
          aria-invalid={shown && !!problem}
          aria-describedby={shown && problem ? 'transfer-problem' : undefined}
        />
      </div>
      {shown && problem && (
        <p id="transfer-problem" className="field-error" role="alert">
          {t(`wallet.transfer.problem.${problem}`, { decimals: data.decimals })}
        </p>
      )}
      <button type="submit" className="button button-primary button-block" disabled={send.isPending} data-testid="transfer-submit">
        {t('wallet.transfer.submit')}
      </button>
    </form>
  );
}

function ResultLine({ result }: { result: Result }) {
  const { t } = useTranslation();
  const money = useMoney();
  if ('error' in result) {
    return (
      <p role="alert" className="form-error transfer-note" data-testid="transfer-result">
        {result.error}
      </p>
    );
  }
  const x = result.transfer;
  const text = x.status === 'done' ? t('wallet.transfer.done') : x.status === 'failed' ? t('wallet.transfer.failed') : t('wallet.transfer.confirming');
  return (
    <p role="status" className={`transfer-note transfer-${x.status}`} data-testid="transfer-result">
      {text} <span className="wallet-amount">{money.format(x.amount)}</span>
      {(x.status === 'unknown' || x.status === 'pending') && <span className="muted"> {t('wallet.transfer.confirmingInfo')}</span>}
    </p>
  );
}

function Pending({ list }: { list: WalletTransfer[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (list.length === 0) return null;
  return (
    <section className="transfer-card" aria-labelledby="pending-title" data-testid="transfer-pending">
      <h2 id="pending-title">{t('wallet.transfer.pendingTitle')}</h2>
      <p className="muted">{t('wallet.transfer.confirmingInfo')}</p>
      <ul className="wallet-rows">
        {list.map((x) => (
          <li key={x.id} className="wallet-row">
            <span dir="auto">
              {x.from === MAIN ? t('wallet.transfer.main') : x.vendor} → {x.to === MAIN ? t('wallet.transfer.main') : x.vendor}
            </span>
            <span className="wallet-amount">{money.format(x.amount)}</span>
            <span className="transfer-badge">{t('wallet.transfer.confirming')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
