import { useParams } from 'react-router';
import { moderationStrings, ReportDetail } from '../../../features/moderation';
import { ModerationScreen } from './moderation-screen';

export default function ModerationReportRoute() {
  const { reportId = '' } = useParams();
  return (
    <ModerationScreen section="reports" title={moderationStrings.report.title} back="/moderation/reports">
      <ReportDetail id={reportId} />
    </ModerationScreen>
  );
}
