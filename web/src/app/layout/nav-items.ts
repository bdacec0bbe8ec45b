import {
  Bell,
  Bookmark,
  Home,
  Info,
  LogIn,
  Search,
  Settings,
  User,
  Users,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';

export type NavItem = { to: string; label: string; icon: LucideIcon };

/** The side navigation (desktop and the phone drawer). */
export function sideNavItems(username: string): NavItem[] {
  return [
    { to: `/profile/${username}`, label: 'Profile', icon: User },
    { to: '/', label: 'Home', icon: Home },
    { to: '/notifications', label: 'Notifications', icon: Bell },
    { to: '/network', label: 'Network', icon: Users },
    { to: '/bookmark', label: 'Bookmark', icon: Bookmark },
    { to: '/people', label: 'People', icon: UserPlus },
    { to: '/settings', label: 'Settings', icon: Settings },
    { to: '/about', label: 'About', icon: Info },
  ];
}

/** The side navigation of a visitor (on the About page). */
export function visitorNavItems(): NavItem[] {
  return [
    { to: '/about', label: 'About', icon: Info },
    { to: '/login', label: 'Log in', icon: LogIn },
    { to: '/signup', label: 'Sign up', icon: UserPlus },
  ];
}

/** The phone's bottom tab bar; People is in the drawer. */
export function tabBarItems(username: string): NavItem[] {
  return [
    { to: '/', label: 'Home', icon: Home },
    { to: '/search', label: 'Search', icon: Search },
    { to: '/notifications', label: 'Notifications', icon: Bell },
    { to: `/profile/${username}`, label: 'Profile', icon: User },
  ];
}
