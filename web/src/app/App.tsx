import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, useLocation } from 'react-router';
import { ApiError } from '../lib/api';
import { setNavigator } from '../lib/navigation';
import { openOnce } from '../lib/popups';
import { endSession } from '../lib/session';
import { Frame } from './Frame';
import { ruleFor } from './layout';
import { MemberSession } from './MemberSession';
import { PopupHost } from './PopupHost';
import { Startup } from './Startup';

// A session the server no longer knows ends here too; a member who must
// change the password is shown the form (spec §4). A refused game token
// (meta.gameSession) is the game's business, not the member's session.
const queryCache = new QueryCache({
  onError(err, query) {
    if (!(err instanceof ApiError) || query.meta?.gameSession) return;
    if (err.status === 401) endSession();
    else if (err.code === 'member.password_change_required') openOnce('changePassword', { forced: true });
  },
});

const queryClient = new QueryClient({
  queryCache,
  defaultOptions: {
    queries: {
      // An answer the server gave (4xx) is final; only network trouble is
      // worth another try.
      retry: (count, err) => count < 2 && (!(err instanceof ApiError) || err.status === 0 || err.status >= 500),
      refetchOnWindowFocus: false,
    },
  },
});

// Every path goes through one Frame: the spec's route table lives in
// layout.ts, not in the router, so unknown paths get the frame too and keep
// their own path as view key.
const router = createBrowserRouter([{ path: '*', element: <Shell /> }]);

// Shell is every route: the frame, and for the site's own pages the
// member's live session and the popups. A game frame (an in-house game in
// the game popup) leaves those to the page around it.
function Shell() {
  const { pathname } = useLocation();
  if (ruleFor(pathname).gameFrame) return <Frame />;
  return (
    <>
      <MemberSession />
      <Frame />
      <PopupHost />
    </>
  );
}

// The launch rules (lib/launch) move between routes without a hook.
setNavigator((to) => void router.navigate(to));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Startup>
        <RouterProvider router={router} />
      </Startup>
    </QueryClientProvider>
  );
}
