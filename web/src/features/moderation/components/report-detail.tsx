import type { AdminReport, AdminReportedItem, MediaAttachment } from '@sync/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorState, MissingPage } from '../../../components/ui/error-state';
import { Modal, ModalClose } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';
import { useAccount, useKeptImage, useReport, useReportStep, type ReportStep } from '../api/moderation';

import { AccountActions } from './account-actions';
import { DeleteContentButton } from './delete-content';
import { ActionHistory, ReportLinks } from './history';
import { AccountBadges, AccountLine, Badge, Fact, linkClass, Part } from './parts';
import { Age } from '../../../components/ui/age';
import { exactDate } from '../../../lib/relative-time';
import { reportTitle } from './reports-queue';
import { strings } from './strings';

const text = strings.report;

function ResolveForm({ report, onDone }: { report: AdminReport; onDone: () => void }) {
  const [note, setNote] = useState('');
  const step = useReportStep();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step.isPending) return;
    step.mutate({ id: report.id, step: 'resolve', note: note.trim() || undefined }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextAreaField
        label={text.resolveNote}
        value={note}
        maxLength={2000}
        onChange={(event) => setNote(event.target.value)}
      />
      {step.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {step.error.message}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <ModalClose>{strings.cancel}</ModalClose>
        <Button type="submit" pending={step.isPending}>
          {text.resolveConfirm}
        </Button>
      </div>
    </form>
  );
}

/** Assign to me or unassign; resolve (asking for a note) or reopen. */
function ReportSteps({ report }: { report: AdminReport }) {
  const me = useMe();
  const step = useReportStep();
  const [resolving, setResolving] = useState(false);
  const [done, setDone] = useState('');
  const mine = report.assignedTo?.username === me.username;

  const take = (name: ReportStep, said: string) => {
    if (step.isPending) return;
    setDone('');
    step.mutate({ id: report.id, step: name }, { onSuccess: () => setDone(said) });
  };

  // Each button keeps its place when what it offers turns into its reverse, so focus stays on it.
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          pending={step.isPending && (step.variables.step === 'assign' || step.variables.step === 'unassign')}
          onClick={() => (mine ? take('unassign', text.unassignedToast) : take('assign', text.assignedToast))}
        >
          {mine ? text.unassign : text.assignToMe}
        </Button>
        <Button
          size="sm"
          variant={report.resolvedAt ? 'secondary' : 'primary'}
          pending={step.isPending && step.variables.step === 'reopen'}
          onClick={() => {
            if (report.resolvedAt) return take('reopen', text.reopenedToast);
            setDone('');
            setResolving(true);
          }}
        >
          {report.resolvedAt ? text.reopen : text.resolve}
        </Button>
      </div>
      {step.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {step.error.message}
        </p>
      )}
      <p role="status" className="text-sm text-zinc-700 empty:hidden dark:text-zinc-300">
        {done}
      </p>
      <Modal open={resolving} onOpenChange={setResolving} title={text.resolveTitle}>
        <ResolveForm
          report={report}
          onDone={() => {
            setResolving(false);
            setDone(text.resolvedToast);
          }}
        />
      </Modal>
    </div>
  );
}

/** A reported image as the report keeps it: its preview, with its alt text as it was when reported. */
function KeptImage({ image }: { image: MediaAttachment }) {
  const file = useKeptImage(image.previewUrl);
  const ref = useRef<HTMLImageElement>(null);
  const blob = file.data;
  // The fetched file is shown from an object URL, let go of when the image goes.
  useEffect(() => {
    const element = ref.current;
    if (!element || !blob) return;
    const url = URL.createObjectURL(blob);
    element.src = url;
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  const box = 'aspect-square w-32 rounded-lg border border-zinc-200 dark:border-zinc-800';
  if (file.isError) return <p className="text-sm text-zinc-700 dark:text-zinc-300">{text.imageGone}</p>;
  if (!blob)
    return (
      <div
        role="status"
        aria-label={text.imageLoading}
        className={`${box} animate-pulse bg-zinc-100 dark:bg-zinc-900`}
      />
    );
  return (
    <img
      ref={ref}
      alt={image.description || text.noAlt}
      width={image.previewWidth}
      height={image.previewHeight}
      className={`${box} bg-zinc-100 object-contain dark:bg-zinc-900`}
    />
  );
}

function ReportedItem({ item, reportId }: { item: AdminReportedItem; reportId: string }) {
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
      <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <Badge>{item.commentId ? text.comment_ : text.post}</Badge>
        <span>
          {text.posted} <Age iso={item.postedAt} />
        </span>
      </p>
      <blockquote className="border-l-4 border-zinc-300 pl-3 text-[15px] whitespace-pre-wrap break-words text-zinc-900 dark:border-zinc-600 dark:text-zinc-100">
        {item.content}
      </blockquote>
      {item.media.length > 0 && (
        <ul aria-label={text.images(item.media.length)} className="flex flex-wrap gap-2">
          {item.media.map((image) => (
            <li key={image.id}>
              <KeptImage image={image} />
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Link to={`/post/${encodeURIComponent(item.postId)}`} className={`text-sm ${linkClass}`}>
          {text.openPost}
        </Link>
        <DeleteContentButton
          target={{ postId: item.postId, commentId: item.commentId }}
          reportId={reportId}
        />
      </div>
    </li>
  );
}

/** The reported account: who it is, what can be done to it, and what was done and reported before. */
function ReportedAccount({ report }: { report: AdminReport }) {
  const query = useAccount(report.target.username);
  return (
    <Part id="report-account-heading" title={text.accountHeading}>
      <AccountLine user={report.target} />
      {query.isPending ? (
        <ListSkeleton count={1} label={strings.loading(text.accountHeading)} />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <AccountBadges account={query.data.account} />
          <AccountActions account={query.data.account} reportId={report.id} />
          <h3 className="mt-2 text-sm font-bold">{strings.history.heading}</h3>
          <ActionHistory actions={query.data.actions} />
          <h3 className="mt-2 text-sm font-bold">{text.otherReports}</h3>
          <ReportLinks
            reports={query.data.reports.filter((other) => other.id !== report.id)}
            empty={text.noOtherReports}
          />
        </>
      )}
    </Part>
  );
}

/** A report's page: what was reported as it was, by whom and why, and the moderator's tools. */
export function ReportDetail({ id }: { id: string }) {
  const query = useReport(id);
  if (query.isPending) return <ListSkeleton label={strings.loading(text.title)} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <MissingPage message={text.notFound} />;
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const report = query.data;
  return (
    <>
      <Part id="report-heading" title={reportTitle(report)}>
        <dl className="flex flex-col gap-2">
          <Fact label={text.reporter}>
            {report.reporter ? <AccountLine user={report.reporter} /> : strings.reports.anonymous}
          </Fact>
          <Fact label={text.category}>{strings.categories[report.category]}</Fact>
          {report.rules.length > 0 && (
            <Fact label={strings.reports.rulesCited}>
              <ul className="list-disc pl-5">
                {report.rules.map((rule) => (
                  <li key={rule.id}>{rule.text}</li>
                ))}
              </ul>
            </Fact>
          )}
          <Fact label={text.comment}>
            {report.comment ? (
              <span className="whitespace-pre-wrap">{report.comment}</span>
            ) : (
              <span className="text-zinc-600 dark:text-zinc-400">{text.noComment}</span>
            )}
          </Fact>
          <Fact label={text.filed}>
            <Age iso={report.createdAt} /> ({exactDate(report.createdAt)})
          </Fact>
          <Fact label={text.assignee}>
            {report.assignedTo ? `@${report.assignedTo.username}` : strings.reports.unassigned}
          </Fact>
          {report.resolvedAt && (
            <Fact label={strings.reports.resolved}>
              {report.resolvedBy && <>{strings.history.by(report.resolvedBy.username)} · </>}
              <Age iso={report.resolvedAt} />
            </Fact>
          )}
        </dl>
        <ReportSteps report={report} />
      </Part>
      <Part id="report-content-heading" title={text.contentHeading} intro={text.contentIntro}>
        {report.items.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{text.noContent}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {report.items.map((item) => (
              <ReportedItem key={item.commentId ?? item.postId} item={item} reportId={report.id} />
            ))}
          </ul>
        )}
      </Part>
      <ReportedAccount report={report} />
    </>
  );
}
