/**
 * The notification entity: the query keys of the notifications, of the bell's unread count and of the
 * settings and the count's setter, shared by the notifications feature and the live updates; the
 * follow entries' follow state, which the follow buttons set, is `./follow-state`.
 */
export { notificationKeys, setUnreadCount } from './notification-cache';
