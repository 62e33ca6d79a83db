import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';

// LoadError tells why data did not come and offers a retry (spec §8:
// "network abnormal, retry"; never a blank page).
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const network = !(error instanceof ApiError) || error.code === 'network.abnormal';
  const text = network ? t('errors.network') : (error as ApiError).message || t('errors.unknown');
  return (
    <div className="load-error" role="alert">
      <p>{text}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

// SlowNotice says "page slow, check network" when loading takes longer
// than a few seconds (spec §8).
export function SlowNotice({ loading, after = 8000 }: { loading: boolean; after?: number }) {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) {
      setSlow(false);
      return;
    }
    const timer = window.setTimeout(() => setSlow(true), after);
    return () => window.clearTimeout(timer);
  }, [loading, after]);
  return slow ? (
    <p className="slow-notice" role="status">
      {t('errors.slow')}
    </p>
  ) : null;
}
