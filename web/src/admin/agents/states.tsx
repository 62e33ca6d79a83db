import { useTranslation } from 'react-i18next';
import { AdminApiError } from '../lib/api';
import { errorText } from '../lib/errorText';

/** LoadError says why a list did not come and offers to ask again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="admin-error ag-load-error" role="alert">
      <span>{errorText(error, t)}</span>
      <button type="button" className="button button-small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Empty is the honest answer of a list with nothing in it. */
export function Empty({ text }: { text: string }) {
  return (
    <p className="admin-empty-row" role="status">
      {text}
    </p>
  );
}

/** held tells a 202 answer: the owner marked the action sensitive, so it
 * waits for a second operator and nothing changed yet. */
export function held(err: unknown): boolean {
  return err instanceof AdminApiError && err.status === 202;
}

/** StateBadge is a state word in a badge; the class only tints it. */
export function StateBadge({ group, state }: { group: string; state: string }) {
  const { t } = useTranslation();
  return <span className={`admin-badge ag-state-${state}`}>{t(`agents.${group}.${state}`)}</span>;
}
