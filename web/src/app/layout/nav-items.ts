import { Bookmark, Home, Settings, User, Users, UserPlus, type LucideIcon } from 'lucide-react';

export type NavItem = { to: string; label: string; icon: LucideIcon };

/** The side navigation (desktop and the phone drawer). */
export function sideNavItems(username: string): NavItem[] {
  return [
    { to: `/profile/${username}`, label: 'Profile', icon: User },
    { to: '/', label: 'Home', icon: Home },
    { to: '/network', label: 'Network', icon: Users },
    { to: '/bookmark', label: 'Bookmark', icon: Bookmark },
    { to: '/people', label: 'People', icon: UserPlus },
    { to: '/settings', label: 'Settings', icon: Settings },
  ];
}

/**
 * The phone's bottom tab bar: Home, Search, Notifications, Profile. Search and Notifications do not
 * exist yet; each is one line here when it does (`{ to: '/search', label: 'Search', icon: Search }`),
 * plus its route in `app/router.tsx`. People stands in meanwhile.
 */
export function tabBarItems(username: string): NavItem[] {
  return [
    { to: '/', label: 'Home', icon: Home },
    { to: '/people', label: 'People', icon: UserPlus },
    { to: `/profile/${username}`, label: 'Profile', icon: User },
  ];
}
