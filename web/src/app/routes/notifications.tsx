import type { NotificationListFilter } from '@sync/contract';
import { useSearchParams } from 'react-router';
import { Tabs, type Tab } from '../../components/ui/tabs';
import {
  NotificationList,
  notificationStrings as t,
  type FollowBackButton,
} from '../../features/notifications';
import { FollowButton } from '../../features/users';
import { Columns, PageHeader } from '../layout/app-layout';
import { RecommendedPanel } from '../layout/recommended-panel';

const FILTER_TABS: Tab<NotificationListFilter>[] = [
  { value: 'all', label: t.filterLabels.all },
  { value: 'mentions', label: t.filterLabels.mentions },
];

/** The users feature's follow button, as a follow notification's "Follow back". */
const followBack: FollowBackButton = (actor, following, label) => (
  <FollowButton user={actor} following={following} label={label} />
);

/** `/notifications?filter=mentions`: the tab lives in the address, so reloads and links keep it. */
export default function NotificationsRoute() {
  const [params, setParams] = useSearchParams();
  const filter: NotificationListFilter = params.get('filter') === 'mentions' ? 'mentions' : 'all';
  const setFilter = (next: NotificationListFilter) =>
    setParams(next === 'mentions' ? { filter: next } : {}, { replace: true, preventScrollReset: true });
  return (
    <Columns side={<RecommendedPanel />}>
      <PageHeader title="Notifications" />
      <Tabs
        label={t.filters}
        idPrefix="notifications"
        tabs={FILTER_TABS}
        selected={filter}
        onSelect={setFilter}
      >
        <NotificationList key={filter} filter={filter} followBack={followBack} />
      </Tabs>
    </Columns>
  );
}
