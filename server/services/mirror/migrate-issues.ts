/**
 * The issue tracker of a Gitea-compatible source (Gitea's gitea downloader and local uploader, for issues,
 * labels and milestones): read through the source's API with the migration's token, written into the store
 * in one pass. Issues keep their numbers, states and times; posters are the migrating user with the source's
 * name as original author, as Gitea does for users it cannot map. Items not migrated are refused, never dropped.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as issueStore from '../../store/issues.ts';
import * as commentStore from '../../store/issue-comments.ts';
import * as labelStore from '../../store/labels.ts';
import * as milestoneStore from '../../store/milestones.ts';
import { ValidationError } from '../../lib/errors.ts';
import { normaliseColor } from '../issue/labels.ts';
import { BlockedHostError, guardedFetch } from '../../lib/guarded-fetch.ts';
import { migrationOutbound } from './remote.ts';

/** The items of MigrateRepoOptions beyond the git data. */
export interface MigrateItems {
  service?: string | undefined;
  mirror?: boolean | undefined;
  issues?: boolean | undefined; labels?: boolean | undefined; milestones?: boolean | undefined;
  pull_requests?: boolean | undefined; releases?: boolean | undefined; wiki?: boolean | undefined; lfs?: boolean | undefined;
}

const UNSUPPORTED = ['pull_requests', 'releases', 'wiki', 'lfs'] as const;
const TRACKER = ['issues', 'labels', 'milestones'] as const;

/** True when the issue tracker is to be read from the source (Gitea ignores the items of a mirror). */
export const wantsTracker = (o: MigrateItems): boolean => !o.mirror && TRACKER.some((k) => o[k]);

/** Refuses, naming it, an item this host does not migrate, or tracker items from a source it cannot read. */
export function assertSupportedItems(o: MigrateItems): void {
  if (o.mirror) return;
  for (const k of UNSUPPORTED) if (o[k]) throw new ValidationError(`migrating ${k} is not supported`);
  const asked = TRACKER.filter((k) => o[k]);
  if (asked.length && o.service !== 'gitea') throw new ValidationError(`migrating ${asked.join(', ')} needs service "gitea"`);
}

interface SrcLabel { id: number; name: string; color: string; description?: string; exclusive?: boolean; is_archived?: boolean }
interface SrcMilestone { id: number; title: string; description?: string; state: string; due_on?: string | null; created_at?: string; updated_at?: string | null; closed_at?: string | null }
interface SrcUser { login?: string; username?: string }
interface SrcIssue {
  number: number; title: string; body?: string; state: string; user?: SrcUser; labels?: SrcLabel[]; milestone?: SrcMilestone | null;
  is_locked?: boolean; created_at: string; updated_at: string; closed_at?: string | null; due_date?: string | null; ref?: string; pull_request?: unknown;
}
interface SrcComment { body: string; user?: SrcUser; created_at: string; updated_at: string }

/** The source repository's API base (`…/api/v1/repos/owner/name`) from its clone address. */
function apiBase(cloneAddr: string): string {
  const u = new URL(cloneAddr.trim());
  u.username = '';
  u.password = '';
  const parts = u.pathname.replace(/\/+$/, '').replace(/\.git$/, '').split('/').filter(Boolean);
  if (parts.length < 2) throw new ValidationError('the clone address does not name a repository');
  const [owner, name] = parts.slice(-2);
  const prefix = parts.slice(0, -2).map((p) => `/${p}`).join('');
  return `${u.origin}${prefix}/api/v1/repos/${owner}/${name}`;
}

/** The most one page of the source's API may weigh. */
const MAX_PAGE_BYTES = 32 * 1024 * 1024;

/**
 * A reader of the source's API with the migration's credentials, through the guarded outbound client: the
 * migrations policy is checked on every address the source's name resolves to, and the connection goes to the
 * checked one (a name that re-resolves to a blocked address between the clone and the API reads is refused).
 */
function reader(app: AppContext, o: { clone_addr: string; auth_token?: string | undefined; auth_username?: string | undefined; auth_password?: string | undefined }) {
  const base = apiBase(o.clone_addr);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (o.auth_token) headers.Authorization = `token ${o.auth_token}`;
  else if (o.auth_username) headers.Authorization = `Basic ${Buffer.from(`${o.auth_username}:${o.auth_password ?? ''}`).toString('base64')}`;
  const one = async <T>(p: string): Promise<T> => {
    const { policy, resolver } = migrationOutbound(app);
    let res;
    try {
      res = await guardedFetch({
        url: `${base}${p}`, method: 'GET', headers, body: '', timeoutMs: 60_000, allowedHosts: [], policy, maxResponseBytes: MAX_PAGE_BYTES, ...(resolver ? { resolver } : {}),
      });
    } catch (err) {
      if (err instanceof BlockedHostError) throw new ValidationError('You can not import from disallowed hosts.');
      throw new ValidationError(`reading ${p.split('?')[0]} from the source failed: ${(err as Error).message}`);
    }
    if (res.status < 200 || res.status > 299) throw new ValidationError(`reading ${p.split('?')[0]} from the source failed: ${res.status}`);
    try {
      return JSON.parse(res.body) as T;
    } catch {
      throw new ValidationError(`reading ${p.split('?')[0]} from the source failed: the answer is not JSON`);
    }
  };
  /** Every page of a list. */
  const all = async <T>(p: string): Promise<T[]> => {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const rows = await one<T[]>(`${p}${p.includes('?') ? '&' : '?'}page=${page}&limit=50`);
      out.push(...rows);
      if (rows.length < 50 || page > 10_000) return out;
    }
  };
  return { all };
}

const nameOf = (u: SrcUser | undefined): string => u?.login ?? u?.username ?? '';
const due = (d: string | null | undefined): number => (d ? Math.floor(new Date(d).getTime() / 1000) : 0);

/** Reads the source's labels, milestones, issues and comments as asked, and stores them into `repo`. */
export async function importTracker(app: AppContext, repo: RepoRecord, doer: UserRecord, o: MigrateItems & Parameters<typeof reader>[1]): Promise<void> {
  const src = reader(app, o);
  const now = new Date().toISOString();
  const labelIds = new Map<string, number>();
  if (o.labels) {
    for (const l of await src.all<SrcLabel>('/labels')) {
      const made = await labelStore.insert(app.store, (id) => ({
        id, repo_id: repo.id, org_id: 0, name: l.name, exclusive: !!l.exclusive, is_archived: !!l.is_archived,
        color: normaliseColor(l.color), description: l.description ?? '', created: now, updated: now,
      }));
      labelIds.set(l.name, made.id);
    }
  }
  const milestoneIds = new Map<string, number>();
  if (o.milestones) {
    for (const m of await src.all<SrcMilestone>('/milestones?state=all')) {
      const made = await milestoneStore.insert(app.store, (id) => ({
        id, repo_id: repo.id, title: m.title, description: m.description ?? '', is_closed: m.state === 'closed', due_on: m.due_on ?? null,
        created: m.created_at ?? now, updated: m.updated_at ?? m.created_at ?? now, closed_at: m.state === 'closed' ? (m.closed_at ?? now) : null,
      }));
      milestoneIds.set(m.title, made.id);
    }
  }
  if (!o.issues) return;
  const issues = (await src.all<SrcIssue>('/issues?state=all&type=issues')).filter((i) => !i.pull_request).sort((a, b) => a.number - b.number);
  for (const i of issues) {
    const comments = await src.all<SrcComment>(`/issues/${i.number}/comments`);
    const author = nameOf(i.user);
    await issueStore.insert(app.store, repo.id, () => ({
      poster_id: doer.id, original_author: author, title: i.title, content: i.body ?? '',
      is_closed: i.state === 'closed', is_pull: false, is_locked: !!i.is_locked, pin_order: 0,
      milestone_id: (i.milestone && milestoneIds.get(i.milestone.title)) || 0, priority: 0,
      label_ids: (i.labels ?? []).map((l) => labelIds.get(l.name)).filter((x): x is number => x !== undefined),
      assignee_ids: [], mentioned_ids: [], num_comments: comments.length, ref: i.ref ?? '', deadline: due(i.due_date),
      created: i.created_at, updated: i.updated_at, closed_at: i.state === 'closed' ? (i.closed_at ?? i.updated_at) : null,
    }), i.number);
    for (const c of comments) {
      const who = nameOf(c.user);
      await commentStore.insert(app.store, (id) => ({
        id, repo_id: repo.id, issue_index: i.number, poster_id: doer.id, original_author: who,
        body: c.body, created: c.created_at, updated: c.updated_at,
      }));
    }
  }
}
