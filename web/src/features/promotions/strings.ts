// The English strings of promotions, bonus, reward centre, rebate, VIP and
// the points mall travel with their pages, not with the lobby (as
// features/member/cashier/strings.ts does). Other languages' catalogues are
// loaded whole.
import english from '../../locales/en.json?raw';
import { i18n } from '../../lib/i18n';

const all = JSON.parse(english) as Record<string, unknown>;
const own = Object.fromEntries(['promo', 'bonus', 'rewards', 'vip', 'rebate', 'pointMall'].map((ns) => [ns, all[ns]]));
i18n.addResourceBundle('EN', 'translation', own, true, true);
