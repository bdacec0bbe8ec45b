import { MissingPage } from '../../components/ui/error-state';
import { usePageTitle } from '../../lib/page-title';

export default function NotFoundRoute() {
  usePageTitle('Page not found');
  return <MissingPage title="Page not found" message="This page doesn't exist." />;
}
