import type { TFunction } from 'i18next';
import { AdminApiError } from './api';

/** errorText is what to tell the operator about a failed call: the
 * envelope's message, already in their language, or a catalogue line for
 * codes the server sends without one (a network failure). */
export function errorText(err: unknown, t: TFunction | ((key: string) => string)): string {
  if (err instanceof AdminApiError) {
    if (err.message) return err.message;
    if (err.status === 429) return t('errors.locked');
    if (err.code === 'network.abnormal') return t('errors.network');
  }
  return t('errors.generic');
}
