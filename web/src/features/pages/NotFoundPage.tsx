import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <EmptyState title={t('notFound.title')}>
        <Link to="/" className="button button-primary">
          {t('notFound.home')}
        </Link>
      </EmptyState>
    </div>
  );
}
