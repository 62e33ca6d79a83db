// loadAnalytics adds the merchant's Google tag after the app has rendered
// (spec §2: analytics load afterwards), so it never delays the first paint.
export function loadAnalytics(gtagId: string): void {
  if (!gtagId || !/^[A-Z0-9-]+$/i.test(gtagId) || document.getElementById('gtag')) return;
  const w = window as unknown as { dataLayer: unknown[]; gtag: (...args: unknown[]) => void };
  w.dataLayer = w.dataLayer || [];
  w.gtag = function gtag() {
    // gtag expects the arguments object itself.
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', gtagId);
  const s = document.createElement('script');
  s.id = 'gtag';
  s.async = true;
  s.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gtagId)}`;
  document.head.appendChild(s);
}
