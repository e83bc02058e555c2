/**
 * Notifications, a table of the issues area: GET /notifications with many threads stored for the reader, and what a
 * comment costs on a repository with many watchers (the request, and the threads written after it answers), beside
 * a repository with one watcher. An in-process host, so the run can wait for the notification queue to drain. Beside
 * them, a page of a user's activity feed with many actions stored.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { startHost, createToken, makeUser, ADMIN, type TestHost } from '../helpers/host.ts';
import { notificationsIdle } from '../../server/services/notification/queue.ts';
import { feedsIdle } from '../../server/services/feed/record.ts';
import * as notificationStore from '../../server/store/notifications.ts';
import * as userStore from '../../server/store/users.ts';
import * as watchStore from '../../server/store/watches.ts';
import * as feedStore from '../../server/store/feed-actions.ts';
import { fmt, median } from './lib/stats.ts';
import type { BenchOptions, ReportTable } from './report.ts';

const LIST_TARGET_MS = 50;
/** A comment's request may cost this much more with many watchers than with one: the threads are written after it answers. */
const COMMENT_RATIO_TARGET = 1.5;
/** Background cost per watcher of one comment (permission check and one appended line). */
const PER_WATCHER_TARGET_MS = 1;
const met = (ok: boolean): string => (ok ? 'met' : 'NOT MET');

/** A page of a user's activity feed may take this long with FEED_ACTIONS stored in it. */
const FEED_TARGET_MS = 50;
const FEED_ACTIONS = 50_000;

/** Watchers made straight in the store: copies of the admin's record under new names. */
async function seedWatchers(h: TestHost, repoId: number, count: number): Promise<void> {
  const admin = (await userStore.getByName(h.app.store, ADMIN.username))!;
  for (let i = 0; i < count; i += 200) {
    await Promise.all(Array.from({ length: Math.min(200, count - i) }, async (_, k) => {
      const name = `watcher${i + k}`;
      const u = await userStore.insert(h.app.store, (id) => ({ ...admin, id, name, lower_name: name, login_name: name, email: `${name}@example.com`, is_admin: false }));
      await watchStore.insert(h.app.store, u.id, repoId);
    }));
  }
}

/** `count` threads for `userId`, the newest on issues 1..20 (which exist), in batches that share group commits. */
async function seedThreads(h: TestHost, userId: number, repoId: number, count: number): Promise<void> {
  const base = Date.now() - count * 1000;
  for (let i = 1; i <= count; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, count - i + 1) }, (_, k) => {
      const index = i + k;
      return notificationStore.touch(h.app.store, userId, { repo_id: repoId, source: 'issue', issue_index: index, release_id: 0 }, 1, 0, new Date(base + (count - index) * 1000).toISOString());
    }));
  }
}

async function timedFetch(url: string, token: string, init: RequestInit = {}): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, { ...init, headers: { authorization: `token ${token}`, 'content-type': 'application/json' } });
  const body = await res.text();
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
  return performance.now() - t;
}

/**
 * A client on its own event loop (a worker thread), as every real client is: the host's work after an answer (a
 * comment's threads, in 1 ms slices) then cannot hold up the client reading that answer, which an in-process fetch
 * on the host's own loop had to wait for. It times one request per message, from the call to the whole body.
 */
const CLIENT_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
parentPort.on('message', async ({ url, init }) => {
  const t = performance.now();
  try {
    const res = await fetch(url, init);
    const body = await res.text();
    parentPort.postMessage({ ms: performance.now() - t, status: res.status, body: body.slice(0, 200) });
  } catch (err) {
    parentPort.postMessage({ ms: 0, status: 0, body: String(err) });
  }
});`;

interface ThreadClient { time(url: string, token: string, init: RequestInit): Promise<number>; close(): Promise<number> }

function threadClient(): ThreadClient {
  const w = new Worker(CLIENT_SOURCE, { eval: true });
  return {
    time: (url, token, init) => new Promise((resolve, reject) => {
      w.once('message', (m: { ms: number; status: number; body: string }) => {
        if (m.status >= 200 && m.status < 300) resolve(m.ms);
        else reject(new Error(`${url}: ${m.status} ${m.body}`));
      });
      w.postMessage({ url, init: { ...init, headers: { authorization: `token ${token}`, 'content-type': 'application/json' } } });
    }),
    close: () => w.terminate(),
  };
}

/** Runs the notification rows: returns their table, the notes and the raw figures. */
export async function notificationBench(o: BenchOptions): Promise<{ table: ReportTable; notes: string[]; data: Record<string, unknown> }> {
  const threads = o.quick ? 5_000 : 50_000;
  const watchers = o.quick ? 200 : 2_000;
  const reps = o.quick ? 10 : 30;
  const h = await startHost();
  try {
    const root = await createToken(h, ADMIN.username, ADMIN.password);
    const poster = await makeUser(h, 'poster');
    const adminId = (await userStore.getByName(h.app.store, ADMIN.username))!.id;
    const make = async (name: string) => ((await h.api('POST', '/user/repos', { auth: root, body: { name, auto_init: true } })).body as { id: number }).id;
    const [watched, quiet] = [await make('watched'), await make('quiet')];
    for (const r of ['watched', 'quiet']) for (let n = 0; n < 20; n++) await h.api('POST', `/repos/root/${r}/issues`, { auth: poster, body: { title: `issue ${n}` } });
    await notificationsIdle(h.app);
    await seedWatchers(h, watched, watchers);
    await seedThreads(h, adminId, quiet, threads);

    const list: number[] = [];
    for (let i = 0; i <= reps; i++) list.push(await timedFetch(`${h.url}/api/v1/notifications?all=true&limit=20`, root));
    const client = threadClient();
    const comment = async (repo: string) => {
      const request = await client.time(`${h.url}/api/v1/repos/root/${repo}/issues/1/comments`, poster, { method: 'POST', body: JSON.stringify({ body: 'bench' }) });
      const t = performance.now();
      await notificationsIdle(h.app);
      const fanout = request + performance.now() - t;
      // the watchers' feed rows too, so the next comment starts on an idle host
      await feedsIdle(h.app);
      return { request, fanout };
    };
    const one: { request: number; fanout: number }[] = [];
    const many: { request: number; fanout: number }[] = [];
    for (let i = 0; i < reps; i++) {
      one.push(await comment('quiet'));
      many.push(await comment('watched'));
    }
    await client.close();
    const [listMs, oneReq, manyReq, manyFan] = [median(list.slice(1)), median(one.map((x) => x.request)), median(many.map((x) => x.request)), median(many.map((x) => x.fanout))];
    const table: ReportTable = {
      title: 'Notifications: a page of threads, and a comment on a watched repository (median ms)',
      columns: ['case', 'median ms', 'target', 'verdict'],
      rows: [
        [`GET /notifications?all=true&limit=20, ${threads.toLocaleString('en-US')} threads stored`, fmt(listMs), `≤ ${LIST_TARGET_MS}`, met(listMs <= LIST_TARGET_MS)],
        [`POST comment, ${watchers.toLocaleString('en-US')} watchers vs 1 (request)`, `${fmt(manyReq)} vs ${fmt(oneReq)}`, `< ${COMMENT_RATIO_TARGET}×`, met(manyReq / oneReq < COMMENT_RATIO_TARGET)],
        [`the same comment until its ${watchers.toLocaleString('en-US')} threads are written`, fmt(manyFan), `≤ ${fmt(watchers * PER_WATCHER_TARGET_MS)}`, met(manyFan <= watchers * PER_WATCHER_TARGET_MS)],
      ],
    };
    const notes = [
      `Notifications: an in-process host; ${threads.toLocaleString('en-US')} threads and ${watchers.toLocaleString('en-US')} watchers written straight into its store; ${reps} requests after the first; the comment rows alternate the two repositories, sent from a client on its own event loop (a worker thread; in runs before 2026-11-29 the client shared the host's loop and so waited for the host's work after the answer), each after the host has written the last comment's threads and feed rows.`,
    ];
    return { table, notes, data: { threads, watchers, list, one, many } };
  } finally {
    await h.stop();
  }
}

/** `count` feed rows in `userId`'s feed, alternating the repositories of `repoIds`, by the user and `otherActor` in turn. */
async function seedFeed(h: TestHost, userId: number, otherActor: number, repoIds: number[], count: number): Promise<void> {
  const created = new Date().toISOString();
  for (let i = 0; i < count; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, count - i) }, (_, k) => feedStore.insertMany(h.app.store, [userId], {
      op_type: 'create_issue', act_user_id: (i + k) % 2 ? otherActor : userId, repo_id: repoIds[(i + k) % repoIds.length]!, comment_id: 0, ref_name: '', content: `${i + k}|issue`, created,
    })));
  }
}

/** GET /users/{u}/activities/feeds with FEED_ACTIONS actions in the user's feed (a third on a private repository), read by the user and by another. */
export async function feedBench(o: BenchOptions): Promise<{ table: ReportTable; notes: string[]; data: Record<string, unknown> }> {
  const actions = o.quick ? 5_000 : FEED_ACTIONS;
  const reps = o.quick ? 10 : 30;
  const h = await startHost();
  try {
    const root = await createToken(h, ADMIN.username, ADMIN.password);
    const other = await makeUser(h, 'reader');
    const make = async (name: string, priv = false) => ((await h.api('POST', '/user/repos', { auth: root, body: { name, auto_init: true, private: priv } })).body as { id: number }).id;
    const repos = [await make('feed-a'), await make('feed-b'), await make('feed-c', true)];
    const adminId = (await userStore.getByName(h.app.store, ADMIN.username))!.id;
    const readerId = (await userStore.getByName(h.app.store, 'reader'))!.id;
    const seeding = performance.now();
    await seedFeed(h, adminId, readerId, repos, actions);
    const seedMs = performance.now() - seeding;
    const url = `${h.url}/api/v1/users/${ADMIN.username}/activities/feeds?limit=20`;
    const own: number[] = [];
    const others: number[] = [];
    for (let i = 0; i <= reps; i++) {
      own.push(await timedFetch(url, root));
      others.push(await timedFetch(url, other));
    }
    const [ownMs, otherMs] = [median(own.slice(1)), median(others.slice(1))];
    const stored = actions.toLocaleString('en-US');
    const table: ReportTable = {
      title: 'Activity feeds: a page of a user\'s feed (median ms)',
      columns: ['case', 'median ms', 'target', 'verdict'],
      rows: [
        [`GET /users/{u}/activities/feeds?limit=20, ${stored} actions stored, read by the user`, fmt(ownMs), `≤ ${FEED_TARGET_MS}`, met(ownMs <= FEED_TARGET_MS)],
        [`the same page read by another user (private repository left out)`, fmt(otherMs), `≤ ${FEED_TARGET_MS}`, met(otherMs <= FEED_TARGET_MS)],
      ],
    };
    const notes = [`Activity feeds: an in-process host; ${stored} feed rows written straight into its store in ${fmt(seedMs / 1000)} s, over three repositories (one private) by two actors; ${reps} requests after the first.`];
    return { table, notes, data: { actions, own, others } };
  } finally {
    await h.stop();
  }
}
