import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/errorText';
import { CurrencyPanel } from './CurrencyPanel';
import { CustomerServicePanel } from './CustomerServicePanel';
import { DomainsPanel } from './DomainsPanel';
import { IpAllowPanel } from './IpAllowPanel';
import { LanguagesPanel } from './LanguagesPanel';
import { MaintenancePanel } from './MaintenancePanel';
import { ModulesPanel } from './ModulesPanel';
import { RegionPanel } from './RegionPanel';
import { RegisterRulesPanel } from './RegisterRulesPanel';
import { useSettings } from './useSettings';
import './settings.css';

/** SettingsPage is the merchant's settings, one panel per part, each saved
 * on its own (decision 0026). */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const s = settings.data;
  return (
    <section className="admin-page" aria-labelledby="page-settings">
      <div className="admin-page-head">
        <h1 id="page-settings">{t('sections.settings.title')}</h1>
        <p className="muted">{s ? t('settings.of', { name: s.name, code: s.code }) : t('sections.settings.summary')}</p>
      </div>
      {settings.isPending && (
        <p className="admin-loading" role="status">
          {t('common.loading')}
        </p>
      )}
      {settings.isError && (
        <div className="admin-empty" role="alert">
          <p className="admin-error">{errorText(settings.error, t)}</p>
          <button type="button" className="button button-small" onClick={() => settings.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {s && (
        <>
          <MaintenancePanel maintenance={s.maintenance} languages={s.allLanguages.filter((l) => s.languages.supported.includes(l.code) || s.maintenance.texts[l.code])}
            defaultLanguage={s.languages.default} />
          <ModulesPanel modules={s.modules} />
          <RegisterRulesPanel rules={s.registerRules} fields={s.registerFields} patterns={s.patterns} />
          <LanguagesPanel languages={s.languages} all={s.allLanguages} />
          <CurrencyPanel currency={s.currency} display={s.currencyDisplay} />
          <DomainsPanel domains={s.domains} />
          <RegionPanel region={s.region} geoIp={s.geoIp} />
          <CustomerServicePanel channels={s.customerService} kinds={s.customerServiceKinds} />
          <IpAllowPanel cidrs={s.ipAllow} />
        </>
      )}
    </section>
  );
}
