import {
  Bell,
  Bookmark,
  Home,
  Info,
  LogIn,
  Search,
  Settings,
  Shield,
  User,
  Users,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';

/** `area`: the link is current on the pages under it too (the moderation area's sections). */
export type NavItem = { to: string; label: string; icon: LucideIcon; area?: boolean };

/** The side navigation (desktop and the phone drawer); staff also see the moderation area. */
export function sideNavItems(username: string, staff: boolean): NavItem[] {
  return [
    { to: `/profile/${username}`, label: 'Profile', icon: User },
    { to: '/', label: 'Home', icon: Home },
    { to: '/notifications', label: 'Notifications', icon: Bell },
    { to: '/network', label: 'Network', icon: Users },
    { to: '/bookmark', label: 'Bookmark', icon: Bookmark },
    { to: '/people', label: 'People', icon: UserPlus },
    { to: '/settings', label: 'Settings', icon: Settings },
    ...(staff ? [{ to: '/moderation', label: 'Moderation', icon: Shield, area: true }] : []),
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
