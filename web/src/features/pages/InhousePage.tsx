import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';

// InhousePage is where our own games (PGE) play inside the game popup. The
// games' logic is on the server; their pages come next, and until then the
// page says so instead of pretending to play.
export function InhousePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <div className="page inhouse-page">
      <EmptyState title={params.get('game') ?? 'PGE'}>
        <p>{t('game.inhouseSoon')}</p>
      </EmptyState>
    </div>
  );
}
