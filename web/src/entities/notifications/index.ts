/**
 * The notification entity: the query keys of the notifications and of the bell's unread count, and the
 * count's setter, shared by the notifications feature and the live updates.
 */
export { notificationKeys, setUnreadCount } from './notification-cache';
