import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { useToasterWanted } from '../lib/toast';
import { router } from './router';

const Toaster = lazy(() => import('../components/ui/toaster'));

export function App() {
  const [queryClient] = useState(createQueryClient);
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
