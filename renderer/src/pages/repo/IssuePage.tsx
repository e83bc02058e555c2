/** `/{owner}/{repo}/issues/{n}` (and `/pulls/{n}`): title and state, the conversation in markdown, and the sidebar. */
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { errorText, seg } from '../../api/client.ts';
import type { Issue, TimelineComment } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { Field, TextArea } from '../../components/Field.tsx';
import { Markdown } from '../../components/code/Markdown.tsx';
import { When } from '../../components/When.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { useLoad } from '../../use-load.ts';
import { useApiForm } from '../../zod-form.ts';
import { CreateIssueCommentOption, EditIssueOption } from '../../../../server/structs/issue.ts';
import { IssueSidebar } from './issues/IssueSidebar.tsx';
import { useRepo } from './repo-context.tsx';
import { Reactions } from './issues/Reactions.tsx';
import { Attachments } from './issues/Attachments.tsx';
import { TimelineEvent } from './issues/TimelineEvent.tsx';

/** An issue's description may be empty; a comment may not. */
const descriptionSchema = EditIssueOption.pick({ body: true });
const titleSchema = EditIssueOption.pick({ title: true }).required();

/** A markdown text with an edit form in its place when `editing`. */
function Post({ who, avatar, when, text, label, canEdit, onSave, onDelete, children, comment }: { who: string; avatar?: string; when: string; text: string; label: string; canEdit: boolean; onSave(t: string): Promise<void>; onDelete?: () => Promise<void>; children?: ReactNode; comment?: boolean }) {
  const { base } = useRepo();
  const [editing, setEditing] = useState(false);
  const form = useApiForm<{ body: string }>(comment ? CreateIssueCommentOption : descriptionSchema, { body: text });
  const onSubmit = form.submit(async ({ body }) => { await onSave(body); setEditing(false); });
  return (
    <article className="card" aria-label={label}>
      <div className="row-actions" style={{ justifyContent: 'space-between' }}>
        <p className="muted"><Avatar url={avatar} size={20} className="avatar-inline" /><strong>{who}</strong> <When iso={when} /></p>
        {canEdit && !editing ? (
          <span className="row-actions">
            <button type="button" className="btn btn-small" onClick={() => { form.reset({ body: text }); setEditing(true); }}>Edit <span className="visually-hidden">{label}</span></button>
            {onDelete ? <ConfirmButton label={`Delete ${label}`} question="Delete this comment?" confirmLabel="Delete" onConfirm={onDelete}>Delete</ConfirmButton> : null}
          </span>
        ) : null}
      </div>
      {editing ? (
        <form onSubmit={onSubmit}>
          <ErrorAlert>{form.formError}</ErrorAlert>
          <TextArea label={`Text of ${label}`} rows={6} {...form.field('body')} />
          <div className="row-actions" style={{ justifyContent: 'flex-start' }}>
            <button type="submit" className="btn btn-small btn-primary" disabled={form.formState.isSubmitting}>Save</button>
            <button type="button" className="btn btn-small" onClick={() => setEditing(false)}>Cancel</button>
          </div>
        </form>
      ) : text ? <Markdown text={text} mode="comment" context={base} label={label} /> : <p className="muted">No description.</p>}
      {children}
    </article>
  );
}

/** The title, edited in place. */
function TitleForm({ path, title, onDone }: { path: string; title: string; onDone(saved: boolean): void }) {
  const { api } = useAuth();
  const form = useApiForm<{ title: string }>(titleSchema, { title });
  const onSubmit = form.submit(async (v) => { await api.patch(path, { title: v.title.trim() }); onDone(true); });
  return (
    <form onSubmit={onSubmit} className="filter-bar">
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label="Title" {...form.field('title')} />
      <button type="submit" className="btn btn-small btn-primary" disabled={form.formState.isSubmitting}>Save title</button>
      <button type="button" className="btn btn-small" onClick={() => onDone(false)}>Cancel</button>
    </form>
  );
}

/** The new-comment form with the close or reopen button beside it. */
function CommentForm({ path, onDone, stateButton }: { path: string; onDone(): void; stateButton: ReactNode }) {
  const { api } = useAuth();
  const form = useApiForm<{ body: string }>(CreateIssueCommentOption, { body: '' });
  const onSubmit = form.submit(async ({ body }) => { await api.post(`${path}/comments`, { body }); form.reset({ body: '' }); onDone(); });
  return (
    <form onSubmit={onSubmit} className="card" aria-labelledby="add-comment">
      <h3 id="add-comment">Add a comment</h3>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <TextArea label="Comment" rows={5} hint="Markdown." {...form.field('body')} />
      <div className="row-actions" style={{ justifyContent: 'flex-start' }}>
        <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>Comment</button>
        {stateButton}
      </div>
    </form>
  );
}

/**
 * The issue page. A pull request's page passes what it adds: `belowTitle` (its branches and tabs) under the title
 * card, `beforeComment` (its reviews, merge and review boxes) after the timeline, before the comment form, and
 * `sidebarTop` (its reviewers) at the top of the sidebar.
 */
export function IssuePage({ belowTitle, beforeComment, sidebarTop }: { belowTitle?: ReactNode; beforeComment?: ReactNode; sidebarTop?: ReactNode } = {}) {
  const { api, state: auth } = useAuth();
  const { api: base, repo } = useRepo();
  const index = useParams().index ?? '';
  const path = `${base}/issues/${seg(index)}`;
  const issue = useLoad(() => api.get<Issue>(path), `${path}|issue`);
  // Every page of the timeline, in order (the host caps one page at its MAX_RESPONSE_ITEMS).
  const comments = useLoad(async () => {
    const all: TimelineComment[] = [];
    for (let page = 1; page <= 100; page++) {
      const rows = await api.get<TimelineComment[]>(`${path}/timeline`, { query: { page, limit: 50 } });
      all.push(...rows);
      if (rows.length < 50) break;
    }
    return all;
  }, `${path}|timeline`);
  const [editTitle, setEditTitle] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const me = auth.kind === 'signed-in' ? auth.user : null;
  const reload = () => { issue.reload(); comments.reload(); };
  const act = async (what: () => Promise<unknown>, failed: string) => {
    setError(null);
    try { await what(); reload(); } catch (err) { setError(`${failed}: ${errorText(err)}`); }
  };
  const i = issue.data;
  if (!i) {
    const words = issue.error === 'Not found.' ? `There is no issue #${index} in ${repo.full_name}.` : issue.error ? `Issue #${index} could not be opened: ${issue.error}` : null;
    return <>{words ? <ErrorAlert>{words}</ErrorAlert> : <p role="status" className="loading">Loading the issue…</p>}</>;
  }
  const canWrite = Boolean(repo.permissions?.push);
  const mine = (login: string) => me !== null && (me.login === login || me.is_admin || canWrite);
  // A pull request's conversation is this page too: it names itself so, and a merged one is not reopened.
  const noun = i.pull_request ? 'pull request' : 'issue';
  const merged = i.pull_request?.merged ?? false;
  const setState = (s: 'open' | 'closed') => act(() => api.patch(path, { state: s }), s === 'closed' ? `The ${noun} was not closed` : `The ${noun} was not reopened`);
  return (
    <div>
      <header className="card">
        {!editTitle ? (
          <div className="row-actions" style={{ justifyContent: 'space-between' }}>
            <h2 id="issue-title">{i.title} <span className="muted">#{i.number}</span></h2>
            {mine(i.user.login) ? <button type="button" className="btn btn-small" onClick={() => setEditTitle(true)}>Edit title</button> : null}
          </div>
        ) : (
          <TitleForm path={path} title={i.title} onDone={(saved) => { setEditTitle(false); if (saved) issue.reload(); }} />
        )}
        <p className="muted">
          <span className={`badge ${i.state === 'open' ? 'badge-ok' : 'badge-muted'}`}>{merged ? 'Merged' : i.state === 'open' ? 'Open' : 'Closed'}</span>{' '}
          {i.user.login} opened this <When iso={i.created_at} />{i.comments ? ` · ${i.comments} comment${i.comments === 1 ? '' : 's'}` : ''}{i.is_locked ? ' · locked' : ''}
        </p>
      </header>
      {belowTitle}
      <ErrorAlert>{error ?? comments.error}</ErrorAlert>
      <div className="issue-layout">
        <div>
          <Post who={i.user.login} avatar={i.user.avatar_url} when={i.created_at} text={i.body} label={i.pull_request ? 'Pull request description' : 'Issue description'} canEdit={mine(i.user.login)} onSave={async (body) => { await api.patch(path, { body }); issue.reload(); }}>
            <Attachments assets={i.assets} path={`${path}/assets`} canUpload={mine(i.user.login)} label={`the ${noun}`} onDone={issue.reload} onError={setError} />
            <Reactions path={`${path}/reactions`} label={`the ${noun}`} onError={setError} />
          </Post>
          <ol className="plain-list timeline" aria-label="Conversation">
            {comments.data?.map((c) => (
              <li key={c.id}>
                {c.type === 'comment' ? (
                  <Post who={c.user.login} avatar={c.user.avatar_url} when={c.created_at} text={c.body} label={`Comment by ${c.user.login}`} canEdit={mine(c.user.login)} comment
                    onSave={async (body) => { await api.patch(`${base}/issues/comments/${c.id}`, { body }); comments.reload(); }}
                    onDelete={() => act(() => api.delete(`${base}/issues/comments/${c.id}`), 'The comment was not deleted')}>
                    <Reactions path={`${base}/issues/comments/${c.id}/reactions`} label={`the comment by ${c.user.login}`} onError={setError} />
                  </Post>
                ) : <TimelineEvent e={c} all={comments.data ?? []} />}
              </li>
            ))}
          </ol>
          {beforeComment}
          {me ? (
            <CommentForm path={path} onDone={reload} stateButton={merged ? null : i.state === 'open'
              ? <button type="button" className="btn" onClick={() => void setState('closed')}>Close {noun}</button>
              : <button type="button" className="btn" onClick={() => void setState('open')}>Reopen {noun}</button>} />
          ) : null}
        </div>
        <IssueSidebar issue={i} path={path} canEdit={me !== null && (canWrite || me.is_admin)} act={act} top={sidebarTop} />
      </div>
    </div>
  );
}
