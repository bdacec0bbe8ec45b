/**
 * The report entity: the count of open reports, which the Moderation link shows and the live updates
 * refresh when a report arrives.
 */
export { openReportCountKey, refreshOpenReportCount, useOpenReportCount } from './open-report-count';
