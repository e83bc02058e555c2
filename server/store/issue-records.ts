/** The stored issue (and pull request) record, modelled on Gitea's issue table, and its query options. */

export interface IssueRecord {
  /** Global id, unique over every repository. */
  id: number;
  repo_id: number;
  /** Gitea's resource index: issues and pull requests share one number sequence per repository. */
  index: number;
  poster_id: number;
  original_author: string;
  title: string;
  content: string;
  is_closed: boolean;
  is_pull: boolean;
  is_locked: boolean;
  /** 0 when not pinned, else its place among the pinned ones. */
  pin_order: number;
  milestone_id: number;
  priority: number;
  label_ids: number[];
  assignee_ids: number[];
  /** Users @-mentioned in the title or content. */
  mentioned_ids: number[];
  num_comments: number;
  ref: string;
  /** Unix seconds, 0 when none (Gitea's deadline_unix). */
  deadline: number;
  created: string;
  updated: string;
  closed_at: string | null;
}

/** Gitea's issue list sorts. */
export type IssueSort = 'newest' | 'oldest' | 'recentupdate' | 'leastupdate' | 'mostcomment' | 'leastcomment' | 'nearduedate' | 'farduedate' | 'priority';

/** One repository's issue list: the filters Gitea's FindIssues takes for one repository. */
export interface IssueQuery {
  state?: 'open' | 'closed' | 'all' | undefined;
  /** true: pull requests only; false: issues only; absent: both. */
  isPull?: boolean | undefined;
  /** Every one of these labels. */
  labelIds?: number[] | undefined;
  posterId?: number | undefined;
  assigneeId?: number | undefined;
  mentionedId?: number | undefined;
  milestoneId?: number | undefined;
  /** Any one of these milestones (0: none). */
  milestoneIds?: number[] | undefined;
  /** Updated at or after / at or before these ISO times (Gitea's since and before). */
  updatedSince?: string | undefined;
  updatedBefore?: string | undefined;
  sort?: IssueSort | undefined;
  page?: number | undefined;
  limit?: number | undefined;
}

/** Open and closed issues and pull requests of one repository. */
export interface IssueCounters {
  open_issues: number;
  closed_issues: number;
  open_pulls: number;
  closed_pulls: number;
}

type Light = Pick<IssueRecord, 'index' | 'is_closed' | 'is_pull' | 'poster_id' | 'label_ids' | 'assignee_ids' | 'mentioned_ids'
  | 'milestone_id' | 'num_comments' | 'deadline' | 'created' | 'updated' | 'pin_order' | 'priority'>;

/** What the in-memory index keeps of each issue: enough to filter and sort without the text. */
export type IssueKey = Light;

/** The index row of an issue. */
export const keyOf = (r: IssueRecord): IssueKey => ({
  index: r.index, is_closed: r.is_closed, is_pull: r.is_pull, poster_id: r.poster_id, label_ids: [...r.label_ids],
  assignee_ids: [...r.assignee_ids], mentioned_ids: [...r.mentioned_ids], milestone_id: r.milestone_id, num_comments: r.num_comments,
  deadline: r.deadline, created: r.created, updated: r.updated, pin_order: r.pin_order, priority: r.priority,
});

const byIndexDesc = (a: IssueKey, b: IssueKey): number => b.index - a.index;
/** ISO timestamps order as plain strings; localeCompare would be many times slower on large lists. */
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const dueNear = (a: IssueKey, b: IssueKey): number => (a.deadline || Infinity) - (b.deadline || Infinity);

/** Gitea's orders; ties fall back to the newest index first. */
export const SORTS: Record<IssueSort, (a: IssueKey, b: IssueKey) => number> = {
  newest: (a, b) => cmp(b.created, a.created) || byIndexDesc(a, b),
  oldest: (a, b) => cmp(a.created, b.created) || a.index - b.index,
  recentupdate: (a, b) => cmp(b.updated, a.updated) || byIndexDesc(a, b),
  leastupdate: (a, b) => cmp(a.updated, b.updated) || a.index - b.index,
  mostcomment: (a, b) => b.num_comments - a.num_comments || byIndexDesc(a, b),
  leastcomment: (a, b) => a.num_comments - b.num_comments || byIndexDesc(a, b),
  nearduedate: (a, b) => dueNear(a, b) || byIndexDesc(a, b),
  farduedate: (a, b) => b.deadline - a.deadline || byIndexDesc(a, b),
  priority: (a, b) => b.priority - a.priority || byIndexDesc(a, b),
};

/** The filter of a query, over index rows. */
export function matches(q: IssueQuery): (k: IssueKey) => boolean {
  const state = q.state ?? 'open';
  return (k) => (state === 'all' || k.is_closed === (state === 'closed'))
    && (q.isPull === undefined || k.is_pull === q.isPull)
    && (q.posterId === undefined || k.poster_id === q.posterId)
    && (q.assigneeId === undefined || k.assignee_ids.includes(q.assigneeId))
    && (q.mentionedId === undefined || k.mentioned_ids.includes(q.mentionedId))
    && (q.milestoneId === undefined || k.milestone_id === q.milestoneId)
    && (!q.milestoneIds?.length || q.milestoneIds.includes(k.milestone_id))
    && (q.updatedSince === undefined || k.updated >= q.updatedSince)
    && (q.updatedBefore === undefined || k.updated <= q.updatedBefore)
    && (!q.labelIds?.length || q.labelIds.every((l) => k.label_ids.includes(l)));
}

/** Whether `q` filters by more than state, kind, labels and poster (what the in-memory lookup indexes answer). */
export const filtersBeyondIndexes = (q: IssueQuery): boolean => q.assigneeId !== undefined || q.mentionedId !== undefined
  || q.milestoneId !== undefined || !!q.milestoneIds?.length || q.updatedSince !== undefined || q.updatedBefore !== undefined;

/** The counters of a set of index rows. */
export function countersOf(keys: Iterable<IssueKey>): IssueCounters {
  const c: IssueCounters = { open_issues: 0, closed_issues: 0, open_pulls: 0, closed_pulls: 0 };
  for (const k of keys) c[`${k.is_closed ? 'closed' : 'open'}_${k.is_pull ? 'pulls' : 'issues'}`] += 1;
  return c;
}
