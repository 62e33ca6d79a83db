// The cashier's English strings travel with the deposit page, not with the
// lobby: lib/i18n bundles the rest of en.json by namespace (see
// features/inhouse/strings.ts, which does the same). Other languages'
// catalogues are loaded whole and already hold them.
import english from '../../../locales/en.json?raw';
import { i18n } from '../../../lib/i18n';

i18n.addResourceBundle('EN', 'translation', { cashier: (JSON.parse(english) as { cashier: unknown }).cashier }, true, true);
