import { useTranslation } from 'react-i18next';
import { usePermission } from '../../data/permission';

// DownloadPage explains how to put the site on a phone's home screen: the
// portal is a web app, so iOS and Android install it from the browser.
export function DownloadPage() {
  const { t } = useTranslation();
  const p = usePermission();
  return (
    <div className="page download-page">
      <h1 className="page-title">{t('download.title', { name: p.merchant.name })}</h1>
      <p className="lead">{t('download.lead')}</p>
      <div className="download-guides">
        <section className="card" aria-labelledby="ios-title">
          <h2 id="ios-title">{t('download.ios')}</h2>
          <ol>
            <li>{t('download.iosStep1')}</li>
            <li>{t('download.iosStep2')}</li>
            <li>{t('download.iosStep3')}</li>
          </ol>
        </section>
        <section className="card" aria-labelledby="android-title">
          <h2 id="android-title">{t('download.android')}</h2>
          <ol>
            <li>{t('download.androidStep1')}</li>
            <li>{t('download.androidStep2')}</li>
            <li>{t('download.androidStep3')}</li>
          </ol>
        </section>
      </div>
      <p className="muted">{t('download.address', { url: window.location.origin })}</p>
    </div>
  );
}
