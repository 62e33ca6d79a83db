import { Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Footer } from '../features/shell/Footer';
import { Header } from '../features/shell/Header';
import { RightBar } from '../features/shell/RightBar';
import { SideMenu } from '../features/shell/SideMenu';
import { openPopup } from '../lib/popups';
import { useSessionToken } from '../lib/session';
import { keys } from '../lib/storage';
import { guard, ruleFor, viewKey } from './layout';
import { HomePage, lazyPages } from './pages';
import { useScrollOnNavigate } from './scroll';
import { LoadingCover } from './Startup';

// Frame lays out one route: header, side menu, right bar and footer as its
// rule says, the route's popup, the login guard and the scroll rules.
export function Frame() {
  const { pathname, hash, search } = useLocation();
  const navigate = useNavigate();
  const loggedIn = !!useSessionToken();
  const rule = ruleFor(pathname);
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(keys.sideMenu) === 'collapsed');
  const [drawer, setDrawer] = useState(false);

  useEffect(() => {
    if (!rule.popup) return;
    const props: Record<string, unknown> =
      rule.popup === 'helpCenter' ? { article: hash.slice(1) } : rule.popup === 'resetPassword' ? { token: new URLSearchParams(search).get('token') ?? '' } : {};
    openPopup(rule.popup, props);
    if (rule.redirect) navigate(rule.redirect, { replace: true });
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => setDrawer(false), [pathname, search]);

  const redirect = guard(pathname, loggedIn);
  if (redirect) return <Navigate to={redirect} replace />;

  function toggle() {
    setCollapsed((c) => {
      localStorage.setItem(keys.sideMenu, c ? 'open' : 'collapsed');
      return !c;
    });
  }

  const Page = rule.page === 'home' ? HomePage : lazyPages[rule.page];
  const rightBar = rule.header && rule.sideMenu;
  return (
    <div className="frame" data-view={viewKey(pathname)} data-side={rule.sideMenu ? (collapsed ? 'collapsed' : 'open') : 'none'} data-drawer={drawer} data-right-bar={rightBar}>
      <a className="skip-link" href="#main">
        Skip
      </a>
      {rule.header && <Header onMenu={rule.sideMenu ? () => setDrawer((d) => !d) : undefined} />}
      {rule.sideMenu && <SideMenu collapsed={collapsed} onToggle={toggle} />}
      {drawer && <button type="button" className="drawer-scrim" aria-label="Close menu" onClick={() => setDrawer(false)} />}
      <main id="main" className="main" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingCover />}>
            <Page />
            <ScrollOnNavigate route={pathname} hash={hash} />
          </Suspense>
        </ErrorBoundary>
      </main>
      {rightBar && <RightBar />}
      {rule.footer && <Footer />}
    </div>
  );
}

// ScrollOnNavigate applies the scroll rules of spec §2 (app/scroll.ts);
// it sits inside the page's Suspense boundary so it runs once the loading
// cover is gone.
function ScrollOnNavigate({ route, hash }: { route: string; hash: string }) {
  useScrollOnNavigate(route, hash);
  return null;
}
