import { MissingPage } from '../../components/ui/error-state';

export default function NotFoundRoute() {
  return <MissingPage message="This page doesn't exist." />;
}
