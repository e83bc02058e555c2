/**
 * Repository topics as Gitea keeps them (models/repo/topic.go, routers/api/v1/repo/topic.go): names trimmed and
 * lower-cased, at most 35 characters of `[a-z0-9][-.a-z0-9]*`, at most 25 per repository, kept on the repository
 * record in name order, with one topic record per name for the search. Gitea fires no webhook for a topic change.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as topicStore from '../../store/topics.ts';
import type { TopicRecord } from '../../store/topics.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { InvalidTopicsError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { readableKeys } from './list-access.ts';
import type { PageRequest } from './repos.ts';

/** Gitea's limit of topics per repository. */
const MAX_TOPICS = 25;
const PATTERN = /^[a-z0-9][-.a-z0-9]*$/;

/** Gitea's ValidateTopic, on a name already trimmed and lower-cased. */
const isValid = (name: string): boolean => name.length <= 35 && PATTERN.test(name);
const normalise = (name: string): string => name.trim().toLowerCase();
const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Gitea's SanitizeAndValidateTopics: each name normalised, empty ones and repeated valid ones left out. */
function sanitize(names: readonly string[]): { valid: string[]; invalid: string[] } {
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const raw of names) {
    const name = normalise(raw);
    if (!name || valid.has(name)) continue;
    if (isValid(name)) valid.add(name);
    else invalid.push(name);
  }
  return { valid: [...valid], invalid };
}

/** The name of a single-topic route, normalised; Gitea's 422 when it is not valid. */
function checkedName(raw: string): string {
  const name = normalise(raw);
  if (!isValid(name)) throw new InvalidTopicsError('Topic name is invalid', name);
  return name;
}

/** Gitea's AddTopic refusal, also when the repository has the topic already. */
function checkRoom(current: readonly string[]): void {
  if (current.length >= MAX_TOPICS) throw new ValidationError('Exceeding maximum allowed topics per repo.');
}

/** Records a topic name that is new (when two requests record it at once, the first one's record stays). */
async function recordTopic(app: AppContext, name: string, at: string): Promise<void> {
  if (await topicStore.getByName(app.store, name)) return;
  await topicStore.insert(app.store, name, at).catch((err: unknown) => {
    if (!isUniqueViolation(err)) throw err;
  });
}

/**
 * Sets the repository's topics to `change(current)`, computed in the same step as the write, so two requests
 * never pass the limit together (`change` may throw to refuse). `adding` are the names it may add.
 */
async function saveTopics(app: AppContext, repoId: number, adding: readonly string[], change: (current: readonly string[]) => string[]): Promise<void> {
  const now = new Date().toISOString();
  // 1 - a record for each name first: a record no repository holds is only left out of the search
  for (const name of adding) await recordTopic(app, name, now);
  // 2 - the repository's list (a new record version: its cached JSON and ETag follow)
  let before: readonly string[] = [];
  let after: string[] = [];
  await repoStore.update(app.store, repoId, (r) => {
    before = r.topics ?? [];
    after = change(before).sort(byName);
    if (after.join(',') === before.join(',')) return;
    r.topics = after;
    r.updated = now;
  });
  // 3 - the topics gained or lost are updated, as Gitea's repo_count change updates them
  for (const name of [...after.filter((t) => !before.includes(t)), ...before.filter((t) => !after.includes(t))]) {
    const t = await topicStore.getByName(app.store, name);
    if (t) await topicStore.touch(app.store, t.id, now);
  }
}

/** The repository's topics, in name order. */
export const listTopics = (repo: Pick<RepoRecord, 'topics'>): string[] => [...(repo.topics ?? [])];

/** PUT /repos/{owner}/{repo}/topics (Gitea's UpdateTopics): the topics become `names`; the limit is checked first. */
export async function replaceTopics(app: AppContext, repo: RepoRecord, names: readonly string[]): Promise<void> {
  const { valid, invalid } = sanitize(names);
  if (valid.length > MAX_TOPICS) throw new InvalidTopicsError('Exceeding maximum number of topics per repo', null);
  if (invalid.length) throw new InvalidTopicsError('Topic names are invalid', invalid);
  await saveTopics(app, repo.id, valid, () => valid);
}

/** PUT /repos/{owner}/{repo}/topics/{topic} (Gitea's AddTopic); a topic the repository has already stays as it is. */
export async function addTopic(app: AppContext, repo: RepoRecord, raw: string): Promise<void> {
  const name = checkedName(raw);
  // Checked on the loaded record before a record of the name is made, then again in the write.
  checkRoom(listTopics(repo));
  await saveTopics(app, repo.id, [name], (current) => {
    checkRoom(current);
    return current.includes(name) ? [...current] : [...current, name];
  });
}

/** DELETE /repos/{owner}/{repo}/topics/{topic} (Gitea's DeleteTopic): 404 when the repository does not have it. */
export async function deleteTopic(app: AppContext, repo: RepoRecord, raw: string): Promise<void> {
  const name = checkedName(raw);
  await saveTopics(app, repo.id, [], (current) => {
    if (!current.includes(name)) throw new NotFoundError();
    return current.filter((t) => t !== name);
  });
}

/** One page of the topic search: each topic with how many repositories the viewer may read have it. */
export interface TopicPage {
  topics: { topic: TopicRecord; count: number }[];
  total: number;
}

/**
 * GET /topics/search (Gitea's TopicSearch): the topics whose name contains `q`, most used first. Only repositories
 * `viewer` may read are counted, and a topic none of them has is left out, so a private repository's topics stay
 * private (Gitea counts and lists every repository's).
 */
export async function searchTopics(app: AppContext, viewer: UserRecord | null, q: string, paging: PageRequest): Promise<TopicPage> {
  const keyword = q.toLowerCase();
  const topics = await topicStore.list(app.store, (t) => t.name.includes(keyword));
  const named = new Set(topics.map((t) => t.name));
  const counts = new Map<string, number>();
  for (const holder of await readableKeys(app, viewer, await repoStore.selectByTopic(app.store, (t) => named.has(t)))) {
    for (const t of holder.topics) if (named.has(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  const found = topics.flatMap((topic) => (counts.has(topic.name) ? [{ topic, count: counts.get(topic.name)! }] : []))
    .sort((a, b) => b.count - a.count || byName(a.topic.name, b.topic.name));
  const start = (Math.max(1, paging.page) - 1) * paging.limit;
  return { topics: found.slice(start, start + paging.limit), total: found.length };
}
