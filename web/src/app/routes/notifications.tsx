import { NotificationList } from '../../features/notifications';
import { Columns, PageHeader } from '../layout/app-layout';
import { RecommendedPanel } from '../layout/recommended-panel';

export default function NotificationsRoute() {
  return (
    <Columns side={<RecommendedPanel />}>
      <PageHeader title="Notifications" />
      <NotificationList />
    </Columns>
  );
}
