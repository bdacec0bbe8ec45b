/** The notifications feature's public face. */
export { useUnreadCount } from './api/notifications';
export { NotificationBell, UnreadBadge } from './components/notification-bell';
export { NotificationList, type FollowBackButton } from './components/notification-list';
export { NotificationSettings } from './components/notification-settings';
export { notificationStrings } from './components/strings';
