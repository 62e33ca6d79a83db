// The in-house games' English strings travel with their pages, not with
// the lobby: lib/i18n bundles the rest of en.json by namespace. The file
// comes here as text (a module of its own, so the main chunk does not
// carry inhouse.*); other languages' catalogues are loaded whole and
// already hold them.
import english from '../../locales/en.json?raw';
import { i18n } from '../../lib/i18n';

i18n.addResourceBundle('EN', 'translation', { inhouse: (JSON.parse(english) as { inhouse: unknown }).inhouse }, true, true);
