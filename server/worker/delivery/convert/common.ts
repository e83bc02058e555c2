/** The converter interface and the facts of ref events every chat kind words in its own way. */
import { obj, list, str, shortRef, srcUrl, type Obj } from './summary.ts';
import { firstLine } from './markup.ts';

export interface Converted {
  body: unknown;
  method?: string;
  url?: string;
}

export interface ConvertInput {
  eventType: string;
  payload: unknown;
  meta: Record<string, string>;
  url: string;
  secret: string;
  now: number;
}

export type Converter = (i: ConvertInput) => Converted;

/** The facts of a push event (Gitea's Push converters read the same ones). */
export interface PushFacts {
  repo: Obj;
  repoUrl: string;
  fullName: string;
  ref: string;
  branch: string;
  commits: Obj[];
  total: number;
  /** "1 new commit" / "N new commits". */
  desc: string;
  /** One commit: its page; several: the compare page; else the branch. */
  titleLink: string;
  compareUrl: string;
  pusher: string;
}

/** Reads a push payload. */
export function pushFacts(payload: unknown): PushFacts {
  const p = obj(payload);
  const repo = obj(p.repository);
  const repoUrl = str(repo.html_url);
  const ref = str(p.ref);
  const commits = list(p.commits);
  const total = Number(p.total_commits ?? commits.length) || 0;
  const compareUrl = str(p.compare_url);
  let titleLink = total === 1 ? str(commits[0]?.url) : compareUrl;
  if (!titleLink) titleLink = srcUrl(repoUrl, ref);
  return {
    repo, repoUrl, fullName: str(repo.full_name), ref, branch: shortRef(ref), commits, total,
    desc: total === 1 ? '1 new commit' : `${total} new commits`, titleLink, compareUrl,
    pusher: str(obj(p.pusher).login) || str(obj(p.sender).login),
  };
}

/** A commit's short id (7 hex digits). */
export const shortId = (c: Obj): string => str(c.id).slice(0, 7);
/** A commit message without its trailing line breaks. */
export const trimMessage = (c: Obj): string => str(c.message).replace(/[\r\n]+$/, '');
/** A commit's summary line. */
export const firstLineOf = (c: Obj): string => firstLine(str(c.message));
/** A commit author's name. */
export const authorName = (c: Obj): string => str(obj(c.author).name);

/** The facts of a create or delete event (the ref is a short name). */
export function refFacts(payload: unknown) {
  const p = obj(payload);
  const repo = obj(p.repository);
  const ref = shortRef(str(p.ref));
  return { p, repo, repoUrl: str(repo.html_url), fullName: str(repo.full_name), ref, refType: str(p.ref_type) || 'branch', sender: str(obj(p.sender).login) };
}

/** Cuts `s` to at most `max` code points, ending with "..." as Gitea does for Discord's commit lines. */
export function ellipsize(s: string, max: number, keep = max - 3): string {
  const cps = Array.from(s);
  return cps.length > max ? `${cps.slice(0, keep).join('')}...` : s;
}

/** Whether the event is one of the three with a ref in the payload. */
export const isRefEvent = (t: string): boolean => t === 'push' || t === 'create' || t === 'delete';

/** The UTF-8 size of a string. */
export const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
