import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';

// SeamlessPage is the seamless-wallet game page; it needs the wallet.
export function SeamlessPage() {
  const { t } = useTranslation();
  return (
    <div className="page game-page">
      <h1 className="page-title">{t('seamless.title')}</h1>
      <EmptyState title={t('seamless.empty')} />
    </div>
  );
}
