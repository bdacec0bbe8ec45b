import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ListSkeleton } from '../ui/skeleton';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

export function AppLayout() {
  return (
    <div className="min-h-dvh bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-teal-700 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar />
      <div className="mx-auto flex max-w-[1200px]">
        <div className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 overflow-y-auto px-3 py-4 md:block">
          <SideNav />
        </div>
        <main id="content" className="min-w-0 flex-1 md:border-l md:border-zinc-200 md:dark:border-zinc-800">
          <Suspense fallback={<ListSkeleton label="Loading page" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

/** The feed column (65%) and the side column (35%) on large screens; one column below that. */
export function Columns({ children, side }: { children: ReactNode; side: ReactNode }) {
  return (
    <div className="lg:flex">
      <div className="min-w-0 lg:w-[65%] lg:border-r lg:border-zinc-200 lg:dark:border-zinc-800">
        {children}
      </div>
      <aside className="hidden lg:block lg:w-[35%]">
        <div className="sticky top-16 space-y-4 p-4">{side}</div>
      </aside>
    </div>
  );
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-14 items-center justify-between gap-3 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
      <h1 className="text-xl font-bold text-zinc-900 dark:text-zinc-50">{title}</h1>
      {children}
    </div>
  );
}
