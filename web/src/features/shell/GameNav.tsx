import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { categoryRoutes, navTarget } from '../../app/layout';
import { useMenus } from '../../data/catalog';
import { usePermission } from '../../data/permission';
import type { MenuEntry } from '../../data/types';
import { imageUrl } from '../../lib/cdn';
import { launch } from '../../lib/launch';

// navLabel is the category's label key: LOTT and ELOTT share "lottery",
// PROMO is "events", ESPORTS is "compete-game" (spec §2).
export function navLabel(gameType: string): string {
  if (gameType === 'ELOTT') return 'nav.LOTT';
  return `nav.${gameType}`;
}

// navEntries keeps home first, the categories with vendors in server
// order, then promotions last (spec §2). LOTT and ELOTT share one label,
// so they share one entry too: two identical "Lottery" entries side by
// side would read as a mistake (decision 0011).
export function navEntries(menus: MenuEntry[]): MenuEntry[] {
  const home = menus.find((m) => m.gameType === 'HOME') ?? { gameType: 'HOME', name: '', vendors: [] };
  const promo = menus.find((m) => m.gameType === 'PROMO') ?? { gameType: 'PROMO', name: '', vendors: [] };
  const out: MenuEntry[] = [];
  for (const m of menus) {
    if (m.gameType === 'HOME' || m.gameType === 'PROMO' || m.vendors.length === 0) continue;
    const lottery = out.find((o) => (o.gameType === 'LOTT' || o.gameType === 'ELOTT') && (m.gameType === 'LOTT' || m.gameType === 'ELOTT'));
    if (lottery) lottery.vendors = [...lottery.vendors, ...m.vendors];
    else out.push({ ...m, vendors: [...m.vendors] });
  }
  return [home, ...out, promo];
}

// Extra entries that open a classify of a lobby; bingo only for merchants
// that support TY (spec §2).
export function extraEntries(languages: string[]): { key: string; to: string }[] {
  const out = [
    { key: 'jackpot', to: '/rng?classify=JACKPOT' },
    { key: 'table', to: '/pvp' },
    { key: 'arcade', to: '/rng?classify=ARCADE' },
  ];
  if (languages.includes('TY')) out.push({ key: 'bingo', to: '/lott' });
  return out;
}

export type NavItem = { kind: 'menu'; entry: MenuEntry } | { kind: 'extra'; key: string; to: string };

// navItems is the whole bar in order: home, the categories, the extra
// entries, and promotions last (checklist B-071).
export function navItems(menus: MenuEntry[], languages: string[]): NavItem[] {
  const entries = navEntries(menus);
  const promo = entries[entries.length - 1];
  return [
    ...entries.slice(0, -1).map((entry): NavItem => ({ kind: 'menu', entry })),
    ...extraEntries(languages).map((e): NavItem => ({ kind: 'extra', ...e })),
    { kind: 'menu', entry: promo },
  ];
}

export function GameNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const p = usePermission();
  const menus = useMenus();
  const items = navItems(menus.data ?? [], p.merchant.languages.map((l) => l.code));

  function go(m: MenuEntry) {
    if (navTarget(m.gameType, m.vendors.length) === 'route') navigate(categoryRoutes[m.gameType] ?? '/');
    else launch({ vassalage: m.vendors[0].vassalage, displayName: m.vendors[0].displayName, gameType: m.gameType, logoUrl: m.vendors[0].logoUrl });
  }

  return (
    <nav className="game-nav" aria-label={t('nav.games')}>
      <ul>
        {items.map((item) => {
          if (item.kind === 'extra') {
            return (
              <li key={item.key} className="game-nav-item">
                <Link to={item.to} className="game-nav-button">
                  {t(`nav.${item.key}`)}
                </Link>
              </li>
            );
          }
          const m = item.entry;
          const vendorList = m.gameType !== 'HOME' && m.gameType !== 'PROMO' && m.vendors.length > 0;
          return (
            <li key={m.gameType} className="game-nav-item">
              <button type="button" className="game-nav-button" onClick={() => go(m)}>
                {t(navLabel(m.gameType))}
              </button>
              {vendorList && (
                <div className={`vendor-drop ${m.vendors.length > 10 ? 'vendor-drop-large' : ''}`}>
                  {m.vendors.map((v) => (
                    <button
                      type="button"
                      key={v.vassalage}
                      className="vendor-drop-item"
                      onClick={() =>
                        m.gameType === 'RNG' || m.gameType === 'FISH' || m.gameType === 'LIVE' || m.gameType === 'PVP'
                          ? navigate(`/provider?gameType=${m.gameType}&vassalage=${encodeURIComponent(v.vassalage)}`)
                          : launch({ vassalage: v.vassalage, displayName: v.displayName, gameType: m.gameType, logoUrl: v.logoUrl })
                      }
                    >
                      <img src={imageUrl(v.logoUrl)} alt="" width={48} height={24} loading="lazy" />
                      <span>{v.displayName}</span>
                    </button>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
