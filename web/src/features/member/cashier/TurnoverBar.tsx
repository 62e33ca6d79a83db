import { useTranslation } from 'react-i18next';
import type { WithdrawInfo } from './withdrawApi';
import { useCashierMoney } from './format';

/** TurnoverBar is the wagering requirement: a bar with what is required,
 * done and remaining, and in plain words what is still to do. A
 * requirement of 0 is said to be met. */
export function TurnoverBar({ info: i }: { info: Pick<WithdrawInfo, 'turnover' | 'decimals' | 'currency'> }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const m = (minor: number) => money(minor, i.decimals, i.currency);
  const { required, done, remaining, multiplePct } = i.turnover;
  const met = remaining <= 0;
  const pct = required > 0 ? Math.min(100, Math.floor((done / required) * 100)) : 100;
  return (
    <section className="withdraw-turnover" data-met={met || undefined} aria-labelledby="withdraw-turnover-title" data-testid="withdraw-turnover">
      <h3 id="withdraw-turnover-title">{t('cashier.turnover.title')}</h3>
      <div className="withdraw-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-labelledby="withdraw-turnover-title">
        <span style={{ inlineSize: `${pct}%` }} />
      </div>
      <dl className="withdraw-turnover-figures">
        <div>
          <dt>{t('cashier.turnover.required')}</dt>
          <dd>{m(required)}</dd>
        </div>
        <div>
          <dt>{t('cashier.turnover.done')}</dt>
          <dd>{m(done)}</dd>
        </div>
        <div>
          <dt>{t('cashier.turnover.remaining')}</dt>
          <dd>{m(Math.max(0, remaining))}</dd>
        </div>
      </dl>
      <p className={met ? 'muted' : 'withdraw-turnover-explain'} data-testid="withdraw-turnover-explain">
        {met ? t('cashier.turnover.met') : t('cashier.turnover.notMet', { remaining: m(remaining), multiple: `${(multiplePct / 100).toLocaleString('en', { maximumFractionDigits: 2 })}×` })}
      </p>
    </section>
  );
}
