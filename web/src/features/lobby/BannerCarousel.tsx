import { useNavigate } from 'react-router';
import { Autoplay, A11y, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { useBanners } from '../../data/content';
import type { Banner } from '../../data/types';

// The home banners (group web-home): auto-play every 5 s, a 1000 ms
// transition, a 20 px gap, looping only when there is more than one
// (spec §2, §9). A slide with a link opens it; one without does nothing.
export function BannerCarousel() {
  const banners = useBanners('web-home');
  const navigate = useNavigate();
  const list = banners.data ?? [];

  function open(b: Banner) {
    if (!b.linkage) return;
    if (b.linkageType === 'ROUTE' || b.linkage.startsWith('/')) navigate(b.linkage);
    else window.open(b.linkage, '_blank', 'noopener,noreferrer');
  }

  if (list.length === 0) return <div className="banner-space" aria-hidden="true" />;
  const loop = list.length > 1;
  return (
    <div className="banner-carousel">
      <Swiper
        modules={[Autoplay, A11y, Pagination]}
        speed={1000}
        spaceBetween={20}
        loop={loop}
        autoplay={loop ? { delay: 5000, disableOnInteraction: false } : false}
        pagination={loop ? { clickable: true } : false}
      >
        {list.map((b, i) => (
          <SwiperSlide key={b.id}>
            <button type="button" className="banner-slide" onClick={() => open(b)} data-linked={!!b.linkage} tabIndex={b.linkage ? 0 : -1}>
              <img src={b.url} alt={b.title} width={1200} height={400} fetchPriority={i === 0 ? 'high' : 'low'} loading={i === 0 ? 'eager' : 'lazy'} />
            </button>
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
