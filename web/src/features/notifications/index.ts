/** The notifications feature's public face. */
export { notificationKeys, setUnreadCount, useUnreadCount } from './api/notifications';
export { NotificationBell } from './components/notification-bell';
export { NotificationList } from './components/notification-list';
