import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useMerchantWallet } from '../../data/wallet';
import { TransferWallets } from './transfer/TransferWallets';

// WalletSection is the member page transferFund (the balance itself is at
// the top of the member centre). With a single (seamless) merchant wallet
// every game plays from the one balance, so there is nothing to transfer
// and the page says so rather than offering a form; when some vendors keep
// wallets of their own it is the transfer page (decision 0031).
export function WalletSection() {
  const { t } = useTranslation();
  const q = useMerchantWallet();
  return (
    <div className="wallet-section">
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : q.data.hasMerchantWallet ? (
        <EmptyState title={t('wallet.singleTitle')}>
          <p>{t('wallet.singleInfo')}</p>
        </EmptyState>
      ) : (
        <TransferWallets />
      )}
    </div>
  );
}
