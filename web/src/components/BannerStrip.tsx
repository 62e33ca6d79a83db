import { Link } from 'react-router';
import { useBanners } from '../data/content';

// The screens' own banner groups (spec §3): log-in popup, register popup,
// forgot-password page, lottery pages and left side menu.
export type BannerGroup = 'w_login' | 'w_register' | 'w_forget' | 'w_lott' | 'w_leftmenu';

// BannerStrip shows the first banner of a screen's group, as a link to
// its target when it has one; nothing while there is none.
export function BannerStrip({ group }: { group: BannerGroup }) {
  const banners = useBanners(group);
  const b = banners.data?.[0];
  if (!b) return null;
  const img = <img src={b.url} alt={b.title} width={800} height={300} loading="lazy" />;
  return (
    <div className="banner-strip" data-group={group}>
      {!b.linkage ? (
        img
      ) : b.linkageType === 'ROUTE' || b.linkage.startsWith('/') ? (
        <Link to={b.linkage}>{img}</Link>
      ) : (
        <a href={b.linkage} target="_blank" rel="noopener noreferrer">
          {img}
        </a>
      )}
    </div>
  );
}
