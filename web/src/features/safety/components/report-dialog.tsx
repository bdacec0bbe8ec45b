import { ReportLimits, type Post, type ReportCategory } from '@sync/contract';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal, ModalClose } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/field';
import { characterCount } from '../../../components/ui/message-field';
import { useInstance } from '../../../entities/instance';
import { useFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import { Age } from '../../../components/ui/age';
import { useRecentPosts, useReport } from '../api/reports';
import { REPORT_CATEGORIES, strings } from '../strings';
import type { Person } from './person';

const text = strings.report;

const choice =
  'flex items-start gap-3 rounded-lg px-2 py-1.5 text-sm has-focus-visible:bg-zinc-50 dark:has-focus-visible:bg-zinc-800/60';
const box = 'mt-0.5 size-4 shrink-0 accent-teal-700 focus-ring dark:accent-teal-400';
const legend = 'mb-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100';
const hint = 'block text-xs text-zinc-600 dark:text-zinc-400';
const errorText = 'text-sm text-red-700 dark:text-red-400';

type Props = {
  person: Person;
  post?: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes (the "…" it was opened from). */
  finalFocus?: RefObject<HTMLElement | null>;
};

/** Report someone to the moderators: why, which posts, and a comment. */
export function ReportDialog({ person, post, open, onOpenChange, finalFocus }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={text.title(person.username)}
      finalFocus={finalFocus}
    >
      {/* Mounted per opening: each report starts afresh. */}
      {open && <ReportForm person={person} post={post} />}
    </Modal>
  );
}

type Field = 'category' | 'rules' | 'posts' | 'comment';

function toggled(set: ReadonlySet<string>, id: string, on: boolean) {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

function ReportForm({ person, post }: { person: Person; post?: Post }) {
  const { username } = person;
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [ruleIds, setRuleIds] = useState<ReadonlySet<string>>(new Set());
  const [postIds, setPostIds] = useState<ReadonlySet<string>>(new Set(post ? [post._id] : []));
  const [moreWanted, setMoreWanted] = useState(!post);
  const [comment, setComment] = useState('');
  const { errors, check, changed } = useFieldErrors<Field>();
  const report = useReport();
  const instance = useInstance();
  const recent = useRecentPosts(username, moreWanted);
  const form = useRef<HTMLFormElement>(null);
  const ids = { category: useId(), rules: useId(), posts: useId(), comment: useId(), counter: useId() };

  if (report.isSuccess) return <Thanks username={username} />;

  const rules = instance.data?.rules ?? [];
  const candidates = [...(post ? [post] : []), ...(recent.data ?? []).filter((p) => p._id !== post?._id)];
  const commentLength = characterCount(comment);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    const found: FieldErrors<Field> = {};
    if (!category) found.category = text.categoryMissing;
    else if (category === 'violation' && ruleIds.size === 0) found.rules = text.rulesMissing;
    if (postIds.size > ReportLimits.itemsMax) found.posts = text.tooManyPosts(ReportLimits.itemsMax);
    if (commentLength > ReportLimits.commentMax) found.comment = text.commentTooLong(ReportLimits.commentMax);
    if (!check(found)) {
      const first = (['category', 'rules', 'posts', 'comment'] as const).find((key) => found[key]);
      form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    if (!category) return;
    report.mutate({
      username,
      category,
      postIds: [...postIds],
      ...(category === 'violation' ? { ruleIds: [...ruleIds] } : {}),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    });
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Group legendText={text.categoryLegend} errorId={ids.category} error={errors.category}>
        {REPORT_CATEGORIES.map((option, index) => (
          <label key={option.value} className={choice}>
            <input
              type="radio"
              name="report-category"
              value={option.value}
              checked={category === option.value}
              onChange={() => {
                setCategory(option.value);
                changed('category');
              }}
              data-field={index === 0 ? 'category' : undefined}
              className={box}
            />
            <span>
              <span className="block font-medium">{option.label}</span>
              <span className={hint}>{option.hint}</span>
            </span>
          </label>
        ))}
      </Group>

      {category === 'violation' && (
        <Group legendText={text.rulesLegend} errorId={ids.rules} error={errors.rules}>
          {instance.isPending ? (
            <p role="status" className={hint}>
              {text.rulesLoading}
            </p>
          ) : instance.isError ? (
            <p className={errorText}>{instance.error.message}</p>
          ) : rules.length === 0 ? (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">{text.noRules}</p>
          ) : (
            <ol className="flex flex-col gap-1">
              {rules.map((rule, index) => (
                <li key={rule.id}>
                  <label className={choice}>
                    <input
                      type="checkbox"
                      checked={ruleIds.has(rule.id)}
                      onChange={(event) => {
                        setRuleIds(toggled(ruleIds, rule.id, event.target.checked));
                        changed('rules');
                      }}
                      data-field={index === 0 ? 'rules' : undefined}
                      className={box}
                    />
                    <span>
                      <span className="block font-medium">
                        {index + 1}. {rule.text}
                      </span>
                      {rule.hint && <span className={hint}>{rule.hint}</span>}
                    </span>
                  </label>
                </li>
              ))}
            </ol>
          )}
        </Group>
      )}

      <Group legendText={text.postsLegend} errorId={ids.posts} error={errors.posts}>
        <p className={`${hint} mb-1`}>{text.postsHint}</p>
        {candidates.length > 0 && (
          <ul className="flex max-h-60 flex-col gap-1 overflow-y-auto">
            {candidates.map((candidate, index) => (
              <li key={candidate._id}>
                <label className={choice}>
                  <input
                    type="checkbox"
                    checked={postIds.has(candidate._id)}
                    onChange={(event) => {
                      setPostIds(toggled(postIds, candidate._id, event.target.checked));
                      changed('posts');
                    }}
                    data-field={index === 0 ? 'posts' : undefined}
                    className={box}
                  />
                  <span className="min-w-0">
                    <span className="line-clamp-2 break-words">{candidate.content}</span>
                    <span className={hint}>
                      <Age iso={candidate.createdAt} />
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {!moreWanted ? (
          <div>
            <Button variant="ghost" size="sm" onClick={() => setMoreWanted(true)}>
              {text.addPosts(username)}
            </Button>
          </div>
        ) : recent.isPending ? (
          <p role="status" className={hint}>
            {text.postsLoading}
          </p>
        ) : recent.isError ? (
          <p className={errorText}>{recent.error.message}</p>
        ) : (
          candidates.length === 0 && (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">{text.noPosts(username)}</p>
          )
        )}
      </Group>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.comment} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {text.comment}
        </label>
        <p id={`${ids.comment}-hint`} className={hint}>
          {text.commentHint}
        </p>
        <textarea
          id={ids.comment}
          data-field="comment"
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            changed('comment');
          }}
          aria-describedby={`${ids.comment}-hint ${ids.counter}${errors.comment ? ` ${ids.comment}-error` : ''}`}
          aria-invalid={commentLength > ReportLimits.commentMax || undefined}
          className={`${inputClass} min-h-24 resize-y`}
        />
        <p
          id={ids.counter}
          className={`self-end text-xs tabular-nums ${
            commentLength > ReportLimits.commentMax
              ? 'font-semibold text-red-700 dark:text-red-400'
              : 'text-zinc-600 dark:text-zinc-400'
          }`}
        >
          {text.counter(commentLength, ReportLimits.commentMax)}
        </p>
        {errors.comment && (
          <p id={`${ids.comment}-error`} className={errorText}>
            {errors.comment}
          </p>
        )}
      </div>

      {report.error && (
        <p role="alert" className={errorText}>
          {report.error.message}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <ModalClose>{text.cancel}</ModalClose>
        <Button type="submit" pending={report.isPending}>
          {text.submit}
        </Button>
      </div>
    </form>
  );
}

/** A group of choices with its legend and its error, which the group is described by. */
function Group({
  legendText,
  errorId,
  error,
  children,
}: {
  legendText: string;
  errorId: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1">
      <legend className={legend}>{legendText}</legend>
      {children}
      {error && (
        <p id={errorId} className={errorText}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The report is in: said at once, with focus on the way out. */
function Thanks({ username }: { username: string }) {
  const thanks = useRef<HTMLDivElement>(null);
  // The form's buttons are gone: focus would fall out of the dialog.
  useEffect(() => thanks.current?.querySelector('button')?.focus(), []);
  return (
    <div ref={thanks} className="flex flex-col gap-4">
      <div role="status">
        <p className="text-base font-semibold">{text.thanks}</p>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{text.thanksDetail(username)}</p>
      </div>
      <div className="flex justify-end">
        <ModalClose>{text.close}</ModalClose>
      </div>
    </div>
  );
}
