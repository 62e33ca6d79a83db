import { useTranslation } from 'react-i18next';
import { adminLanguages } from '../lib/i18n';
import { count, moneyText, rateText } from './figures';
import type { Contract, Money } from './types';

/** TiersTable is a contract's tiers, lowest first, and who counts as active. */
export function TiersTable({ contract, money }: { contract: Contract; money: Money }) {
  const { t, i18n } = useTranslation();
  const bcp47 = adminLanguages.find((l) => l.code === i18n.language)?.bcp47 ?? 'en';
  const dividend = contract.kind === 'dividend';
  return (
    <div className="ag-tiers" data-testid={`tiers-${contract.id}`}>
      <p className="muted">{t('agents.contracts.activeMinBet', { amount: moneyText(contract.activeMinBet, money, i18n.language) })}</p>
      <table className="admin-table ag-table">
        <caption className="visually-hidden">{t('agents.contracts.tiersOf', { id: contract.id })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agents.tiers.tier')}</th>
            <th scope="col" className="ag-num">
              {t('agents.tiers.validBet')}
            </th>
            <th scope="col" className="ag-num">
              {t('agents.tiers.activeMembers')}
            </th>
            {dividend && (
              <th scope="col" className="ag-num">
                {t('agents.tiers.loss')}
              </th>
            )}
            <th scope="col" className="ag-num">
              {t('agents.tiers.rate')}
            </th>
          </tr>
        </thead>
        <tbody>
          {contract.tiers.map((tier, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              <td className="ag-num">{moneyText(tier.validBet, money, i18n.language)}</td>
              <td className="ag-num">{count(tier.activeMembers, bcp47)}</td>
              {dividend && <td className="ag-num">{moneyText(tier.loss, money, i18n.language)}</td>}
              <td className="ag-num">{rateText(tier.rate, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
