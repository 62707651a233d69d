import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { Providers } from './providers';

export function App({ router, queryClient }: { router: ReturnType<typeof createBrowserRouter>; queryClient?: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
