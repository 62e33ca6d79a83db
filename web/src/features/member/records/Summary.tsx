import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../data/wallet';
import type { Totals } from './reports';
import { Amount } from './ReportTable';

// Summary is a period's totals: number of bets, stake, win and profit.
export function Summary({ totals }: { totals: Totals }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <dl className="report-summary">
      <div>
        <dt>{t('records.count')}</dt>
        <dd>{money.count(totals.count)}</dd>
      </div>
      <div>
        <dt>{t('records.stake')}</dt>
        <dd>
          <Amount minor={totals.stake} />
        </dd>
      </div>
      <div>
        <dt>{t('records.win')}</dt>
        <dd>
          <Amount minor={totals.win} />
        </dd>
      </div>
      <div>
        <dt>{t('records.profit')}</dt>
        <dd>
          <Amount minor={totals.profit} signed />
        </dd>
      </div>
    </dl>
  );
}
