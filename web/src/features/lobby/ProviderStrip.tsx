import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { A11y, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import { useMenus } from '../../data/catalog';
import { imageUrl } from '../../lib/cdn';

// The provider strip (spec §2): 6 vendors per view 14 px apart, a More
// link to /provider; a vendor opens /provider with its vassalage.
export function ProviderStrip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menus = useMenus();
  const seen = new Set<string>();
  const vendors = (menus.data ?? []).flatMap((m) => m.vendors).filter((v) => !seen.has(v.vassalage) && seen.add(v.vassalage));
  if (vendors.length === 0) return null;
  return (
    <section className="provider-strip" aria-labelledby="providers-title">
      <header className="block-head">
        <h2 id="providers-title">{t('home.providers')}</h2>
        <Link to="/provider" className="link-button">
          {t('common.more')}
        </Link>
      </header>
      <Swiper modules={[A11y, Navigation]} slidesPerView={3} spaceBetween={14} breakpoints={{ 768: { slidesPerView: 6 } }} navigation>
        {vendors.map((v) => (
          <SwiperSlide key={v.vassalage}>
            <button type="button" className="provider-logo" onClick={() => navigate(`/provider?vassalage=${encodeURIComponent(v.vassalage)}`)}>
              <img src={imageUrl(v.logoUrl)} alt={v.displayName} width={120} height={60} loading="lazy" />
            </button>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
