import { Menu } from '@base-ui/react/menu';
import { LogOut, Settings, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth';
import { useMe } from '../../lib/session';
import { Avatar } from '../../components/ui/avatar';

const menuItem =
  'flex cursor-default items-center gap-2.5 rounded-md px-3 py-2 text-sm outline-none select-none data-highlighted:bg-zinc-100 data-disabled:opacity-50 dark:data-highlighted:bg-zinc-800';

/** Loaded on the first press of the account button, so it opens at once. */
export default function AccountMenu() {
  const me = useMe();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Menu.Root defaultOpen>
      <Menu.Trigger aria-label="Account menu" className="rounded-full focus-ring">
        <Avatar user={me} size="sm" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Positioner sideOffset={8} align="end" className="z-30 outline-none">
          <Menu.Popup className="min-w-48 rounded-xl border border-zinc-200 bg-white p-1 text-zinc-900 shadow-lg outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
            <div className="border-b border-zinc-200 px-3 py-2 dark:border-zinc-700">
              <p className="truncate text-sm font-semibold">
                {me.firstName} {me.lastName}
              </p>
              <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">@{me.username}</p>
            </div>
            <Menu.Item className={menuItem} onClick={() => navigate(`/profile/${me.username}`)}>
              <User className="size-4" aria-hidden="true" /> Profile
            </Menu.Item>
            <Menu.Item className={menuItem} onClick={() => navigate('/settings')}>
              <Settings className="size-4" aria-hidden="true" /> Settings
            </Menu.Item>
            <Menu.Item
              className={menuItem}
              onClick={() => {
                logout();
                navigate('/login', { replace: true });
              }}
            >
              <LogOut className="size-4" aria-hidden="true" /> Logout
            </Menu.Item>
          </Menu.Popup>
        </Menu.Positioner>
      </Menu.Portal>
    </Menu.Root>
  );
}
