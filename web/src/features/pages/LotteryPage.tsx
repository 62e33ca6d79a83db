import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { BannerStrip } from '../../components/BannerStrip';
import { EmptyState } from '../../components/EmptyState';

const titles: Record<string, string> = { '/lottery': 'lottery.title', '/seaLottery': 'lottery.sea', '/vnLottery': 'lottery.vn' };

// LotteryPage hosts a lottery game (gameCode from the query). Draws and
// bets arrive with the lottery package; until then the page says so.
export function LotteryPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  return (
    <div className="page game-page">
      <h1 className="page-title">{t(titles[pathname] ?? 'lottery.title')}</h1>
      <BannerStrip group="w_lott" />
      {gameCode && <p className="muted">{gameCode}</p>}
      <EmptyState title={t('lottery.noDraws')} />
    </div>
  );
}
