import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { adminRoutes } from './AdminRoutes';
import { SessionGate } from './SessionGate';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const router = createBrowserRouter(adminRoutes, { basename: '/admin' });

/** AdminApp is the back office: a session gate in front of its router. */
export function AdminApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
    </QueryClientProvider>
  );
}
