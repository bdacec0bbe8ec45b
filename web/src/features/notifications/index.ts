/** The notifications feature's public face. */
export { useUnreadCount } from './api/notifications';
export { NotificationBell } from './components/notification-bell';
export { NotificationList } from './components/notification-list';
