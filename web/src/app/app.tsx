import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { router } from './router';

const Toaster = lazy(() => import('../components/ui/toaster'));

// A refused token means the session is over: the guard then shows /login, keeping the location.
setUnauthorizedHandler(() => {
  const { pathname, search, hash } = router.state.location;
  void router.navigate('/login', { replace: true, state: { from: { pathname, search, hash } } });
});

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
