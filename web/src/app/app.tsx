import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { whenIdle } from '../lib/idle';
import { lazyPart } from '../lib/lazy';
import { createQueryClient } from '../lib/query-client';
import { preloadToaster, useToasterWanted } from '../lib/toast';
import { router } from './router';

const Toaster = lazyPart(() => import('../components/ui/toaster'));

/**
 * Loads the toaster once the first screen has settled (no question to the server in flight, the browser
 * idle): not with the first screen's code (decision 040), nor with the first toast, which may report
 * that the server is gone, its code with it (decision 114).
 */
function usePreloadToaster(client: QueryClient) {
  useEffect(() => {
    let cancelIdle = whenIdle(check);
    let unsubscribe = () => undefined as void;
    function check() {
      if (client.isFetching() > 0) {
        unsubscribe = client.getQueryCache().subscribe(() => {
          if (client.isFetching() > 0) return;
          unsubscribe();
          // After the answer has been drawn, not before.
          cancelIdle = whenIdle(preloadToaster);
        });
        return;
      }
      preloadToaster();
    }
    return () => {
      cancelIdle();
      unsubscribe();
    };
  }, [client]);
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  usePreloadToaster(queryClient);
  const toasts = useToasterWanted();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {toasts && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
