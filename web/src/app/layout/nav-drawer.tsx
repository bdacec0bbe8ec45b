import { Drawer } from '@base-ui/react/drawer';
import { Menu as MenuIcon, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { iconButton } from './icon-button';
import { SideNav } from './side-nav';

/** Mounted on the first tap of the menu button, so it opens at once. */
export default function NavDrawer() {
  const [open, setOpen] = useState(true);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Drawer.Root open={open} onOpenChange={setOpen} swipeDirection="left">
      <Drawer.Trigger ref={trigger} aria-label="Open navigation" className={`${iconButton} md:hidden`}>
        <MenuIcon className="size-5" aria-hidden="true" />
      </Drawer.Trigger>
      <Drawer.Portal>
        <Drawer.Backdrop className="fixed inset-0 z-40 bg-black/40 transition-opacity duration-200 data-ending-style:opacity-0 data-starting-style:opacity-0 dark:bg-black/70" />
        <Drawer.Viewport className="fixed inset-0 z-50 flex items-stretch justify-start">
          <Drawer.Popup
            finalFocus={trigger}
            className="h-full w-72 max-w-[calc(100vw-3rem)] overflow-y-auto border-r border-zinc-200 bg-white p-4 text-zinc-900 shadow-xl transition-transform duration-200 [transform:translateX(var(--drawer-swipe-movement-x))] data-ending-style:[transform:translateX(-100%)] data-starting-style:[transform:translateX(-100%)] dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100"
          >
            <Drawer.Content>
              <div className="mb-4 flex items-center justify-between">
                <Drawer.Title className="text-xl font-extrabold text-teal-700 dark:text-teal-400">
                  Sync
                </Drawer.Title>
                <Drawer.Close aria-label="Close navigation" className={iconButton}>
                  <X className="size-5" aria-hidden="true" />
                </Drawer.Close>
              </div>
              <SideNav onNavigate={() => setOpen(false)} />
            </Drawer.Content>
          </Drawer.Popup>
        </Drawer.Viewport>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
