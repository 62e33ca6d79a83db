import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '../lib/api';
import { Frame } from './Frame';
import { PopupHost } from './PopupHost';
import { Startup } from './Startup';

const queryClient = new QueryClient({
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
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <>
        <Frame />
        <PopupHost />
      </>
    ),
  },
]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Startup>
        <RouterProvider router={router} />
      </Startup>
    </QueryClientProvider>
  );
}
