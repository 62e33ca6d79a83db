import { useTranslation } from 'react-i18next';
import { useMoney } from '../../data/wallet';
import { formatTime } from '../../lib/format';
import type { Promo, Reward, RewardKind } from './api';

// useFigures formats the figures of a reward: money in minor units with
// the wallet's decimals, points as whole numbers.
export function useFigures() {
  const money = useMoney();
  return (kind: RewardKind, n: number) => (kind === 'points' ? money.count(n) : money.format(n));
}

// useRewardText is a reward's one line: a fixed amount, or a percent of
// the qualifying figure with its cap.
export function useRewardText() {
  const { t } = useTranslation();
  const fig = useFigures();
  return (r: Pick<Reward, 'kind' | 'amount'> & Partial<Reward>) => {
    const what = t(`promo.rewardKind.${r.kind}`);
    if (r.percentBp && r.percentBp > 0) {
      const percent = (r.percentBp / 100).toLocaleString('en', { maximumFractionDigits: 2 });
      return r.cap ? t('promo.reward.percentCap', { percent, what, cap: fig(r.kind, r.cap) }) : t('promo.reward.percent', { percent, what });
    }
    return t('promo.reward.fixed', { amount: fig(r.kind, r.amount), what });
  };
}

// windowText is when a promotion runs.
export function useWindowText() {
  const { t } = useTranslation();
  return (p: Pick<Promo, 'startsAt' | 'endsAt'>) => (p.endsAt ? t('promo.window', { from: formatTime(p.startsAt), to: formatTime(p.endsAt) }) : t('promo.windowOpen', { from: formatTime(p.startsAt) }));
}
