import { Menu as MenuIcon, Moon, Sun } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { toggleColorMode, useColorMode } from '../../lib/color-mode';
import { useMediaQuery } from '../../lib/media-query';
import { useMe, useSession } from '../../lib/session';
import { Avatar } from '../../components/ui/avatar';
import { buttonClass, pendingProps } from '../../components/ui/button';
import { NotificationBell } from '../../features/notifications';
import { SearchBox } from '../../features/search';
import { MEDIUM_UP } from './breakpoints';
import { iconButton } from './icon-button';
import { lazyPart, preloadOf } from '../../lib/lazy';

// Menus and the drawer pull in Base UI's positioning code (some 60 KB): they load on the first press
// of their button (and the menu already on hover or focus), never with the first screen.
const NavDrawer = lazyPart(() => import('./nav-drawer'));
const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazyPart(loadAccountMenu);
const preloadAccountMenu = preloadOf(loadAccountMenu);

function DrawerButton() {
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      aria-label="Open navigation"
      {...pendingProps(wanted)}
      onClick={() => setWanted(true)}
      className={`${iconButton} md:hidden`}
    >
      <MenuIcon className="size-5" aria-hidden="true" />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <NavDrawer />
    </Suspense>
  );
}

function AccountButton() {
  const me = useMe();
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      aria-label="Account menu"
      aria-haspopup="menu"
      className="rounded-full focus-ring"
      onPointerEnter={preloadAccountMenu}
      onFocus={preloadAccountMenu}
      onClick={() => setWanted(true)}
      {...pendingProps(wanted)}
    >
      <Avatar user={me} size="sm" />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu />
    </Suspense>
  );
}

/** A visitor's way in, where a member has the bell and the account menu. */
function VisitorLinks() {
  return (
    <>
      <Link to="/login" className={`${buttonClass('secondary', 'sm')} ml-1`}>
        Log in
      </Link>
      <Link to="/signup" className={buttonClass('primary', 'sm')}>
        Sign up
      </Link>
    </>
  );
}

export function TopBar() {
  const mode = useColorMode();
  const signedIn = useSession() !== null;
  // Below md the tab bar has the bell (app-layout.tsx): one per layout.
  const medium = useMediaQuery(MEDIUM_UP);
  return (
    <header className="sticky top-0 z-20 h-16 border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className="mx-auto flex h-full max-w-[1200px] items-center gap-2 px-3 md:px-4">
        <DrawerButton />
        <Link
          to="/"
          className="rounded-md px-1 text-2xl font-extrabold tracking-tight text-teal-700 focus-ring dark:text-teal-400"
        >
          Sync
        </Link>
        {signedIn && <SearchBox className="ml-6 hidden w-full max-w-xs md:block" />}
        <div className="ml-auto flex items-center gap-1">
          {signedIn && medium && <NotificationBell className={iconButton} />}
          <button
            type="button"
            className={iconButton}
            aria-label={mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
            onClick={toggleColorMode}
          >
            {mode === 'dark' ? (
              <Sun className="size-5" aria-hidden="true" />
            ) : (
              <Moon className="size-5" aria-hidden="true" />
            )}
          </button>
          {signedIn ? <AccountButton /> : <VisitorLinks />}
        </div>
      </div>
    </header>
  );
}
