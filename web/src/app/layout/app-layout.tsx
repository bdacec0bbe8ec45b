import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ListSkeleton } from '../../components/ui/skeleton';
import { LiveUpdates } from '../../features/live';
import { PhoneComposeButton } from '../../features/posts';
import { useMediaQuery } from '../../lib/media-query';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { MEDIUM_UP, WIDE } from './breakpoints';
import { SideNav } from './side-nav';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';
import { lazyPart } from '../../lib/lazy';

// The shortcuts' reader listens from just after the first screen, not in its code (decision 040).
const KeyboardShortcuts = lazyPart(() => import('./keyboard-shortcuts'));

/**
 * The app's frame; signed out (on the About page) it has no tabs, shortcuts or live updates. The tab
 * bar is there only below md, where it is seen: its bell is the phone's one bell (the top bar's shows
 * from md on), and one mounted bell asks for the count once.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const signedIn = useSession() !== null;
  const medium = useMediaQuery(MEDIUM_UP);
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
        {/* Below md, room under the end of the column for the tab bar and the compose button above it,
            so that the last post's actions scroll clear of both. */}
        <main
          id="content"
          className={`min-w-0 flex-1 md:border-l md:border-zinc-200 md:pb-0 md:dark:border-zinc-800 ${signedIn ? 'pb-36' : ''}`}
        >
          {/* A boundary per screen. Navigations are transitions, and React keeps a boundary's old screen
              up while the new one's code loads, with no sign the press did anything; a new boundary shows
              its skeleton at once instead, and a screen still loading is dropped with it (decision 040). */}
          <Suspense key={pathname} fallback={<ListSkeleton label="Loading page" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {signedIn && (
        <>
          {!medium && <TabBar />}
          {!medium && <PhoneComposeButton />}
          <Suspense>
            <KeyboardShortcuts />
          </Suspense>
          <LiveUpdates />
        </>
      )}
    </div>
  );
}

/**
 * The feed column (65%) and the side column (35%) on large screens; one column below that, where
 * the side column is not rendered at all (phones find people on the People page). As tall as `main` at
 * least, so the feed column's border runs to the foot of the window on a short page.
 */
export function Columns({ children, side }: { children: ReactNode; side: ReactNode }) {
  const wide = useMediaQuery(WIDE);
  return (
    <div className="lg:flex lg:min-h-full">
      <div className="min-w-0 lg:w-[65%] lg:border-r lg:border-zinc-200 lg:dark:border-zinc-800">
        {children}
      </div>
      {wide && (
        <aside className="w-[35%]">
          <div className="sticky top-16 space-y-4 p-4">{side}</div>
        </aside>
      )}
    </div>
  );
}

/** A screen's h1; the tab's title follows it. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="flex min-h-14 items-center justify-between gap-3 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
      <h1 className="min-w-0 text-xl font-bold wrap-anywhere text-zinc-900 dark:text-zinc-50">{title}</h1>
      {children}
    </div>
  );
}
