/**
 * What the chat kinds share (Gitea's services/webhook/general.go): payload field readers, ref links, the
 * colours, and the wording of the events that are not about refs (issues, pull requests, comments, releases,
 * wiki pages, packages, statuses). Wording is returned as Parts, so each kind escapes user text its own way.
 */
import { link, user, type Part } from './markup.ts';

export type Obj = Record<string, unknown>;

/** Gitea's colours (services/webhook/discord.go). */
export const COLORS = { green: 0x1ac600, greenLight: 0xbfe5bf, yellow: 0xffd930, grey: 0x4f545c, purple: 0x7289da, orange: 0xeb6420, orangeLight: 0xe68d60, red: 0xff3232 };

/** An object field, or {} when absent. */
export const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
/** A string field ('' when absent; numbers as text). */
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** A list of objects. */
export const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj) : []);

/** The short name of a ref (refs/heads/x → x, refs/tags/v1 → v1). */
export const shortRef = (ref: string): string => ref.replace(/^refs\/(heads|tags|pull)\//, '');

/** Each path segment percent-encoded, slashes kept (Gitea's util.PathEscapeSegments). */
export const pathEscapeSegments = (s: string): string => s.split('/').map(encodeURIComponent).join('/');

/** The page of a branch or tag; a short name is a branch unless the payload says it is a tag. */
export function refUrl(repoUrl: string, ref: string, refType?: string): string {
  const tag = refType ? refType === 'tag' : ref.startsWith('refs/tags/');
  return `${repoUrl}/src/${tag ? 'tag' : 'branch'}/${pathEscapeSegments(shortRef(ref))}`;
}

/** `<repo>/src/<name>`: where Gitea's Discord, Teams, DingTalk and Telegram send a ref. */
export const srcUrl = (repoUrl: string, ref: string): string => `${repoUrl}/src/${pathEscapeSegments(shortRef(ref))}`;

/** The sender's profile URL: Gitea's AppURL + user name, which is the user's html_url. */
export const senderUrl = (p: Obj): string => str(obj(p.sender).html_url);

/** What a non-ref event says: the text, the item's title, the attached body, the item's URL and a colour. */
export interface Info {
  text: Part[];
  title: Part[];
  attachment: string;
  url: string;
  color: number;
}

const ISSUE_WORDS: Record<string, [string, number]> = {
  opened: ['opened', COLORS.orange], closed: ['closed', COLORS.red], reopened: ['re-opened', COLORS.yellow], edited: ['edited', COLORS.yellow],
  assigned: ['assigned', COLORS.green], unassigned: ['unassigned', COLORS.yellow], label_updated: ['labels updated', COLORS.yellow],
  label_cleared: ['labels cleared', COLORS.yellow], synchronized: ['synchronized', COLORS.yellow], milestoned: ['milestoned', COLORS.yellow],
  demilestoned: ['milestone cleared', COLORS.yellow], reviewed: ['reviewed', COLORS.yellow],
};

function bySender(p: Obj, linked: boolean, withSender: boolean): Part[] {
  if (!withSender) return [];
  const login = str(obj(p.sender).login);
  return [' by ', linked ? link(senderUrl(p), login) : user(login)];
}

function issueLike(p: Obj, linked: boolean, pull: boolean, withSender: boolean): Info {
  const repo = obj(p.repository);
  const item = obj(pull ? p.pull_request : p.issue);
  const action = str(p.action);
  const number = str(p.number ?? item.number);
  const url = str(item.html_url) || `${str(repo.html_url)}/${pull ? 'pulls' : 'issues'}/${number}`;
  const title: Part[] = [`#${number} `, user(item.title)];
  let [word, color] = ISSUE_WORDS[action] ?? [action, COLORS.yellow];
  if (pull && action === 'opened') color = COLORS.green;
  if (pull && action === 'closed' && item.merged === true) [word, color] = ['merged', COLORS.purple];
  const repoPart = linked ? link(str(repo.html_url), repo.full_name) : user(repo.full_name);
  const titlePart = linked ? link(url, `#${number} ${str(item.title)}`) : title;
  const text: Part[] = ['[', repoPart, `] ${pull ? 'Pull request' : 'Issue'} ${word}: `, ...[titlePart].flat(), ...bySender(p, linked, withSender)];
  const body = action === 'opened' || action === 'edited' ? str(item.body) : action === 'reviewed' ? str(obj(p.review).content) : '';
  return { text, title, attachment: body, url, color };
}

function comment(p: Obj, linked: boolean, withSender: boolean): Info {
  const repo = obj(p.repository);
  const issue = obj(p.issue);
  const c = obj(p.comment);
  const isPull = p.is_pull === true;
  const action = str(p.action);
  const title: Part[] = [`#${str(issue.number)} `, user(issue.title)];
  const target = str(isPull ? c.pull_request_url : c.issue_url) || str(issue.html_url);
  const word = action === 'created' ? 'New comment on' : action === 'edited' ? 'Comment edited on' : 'Comment deleted on';
  const color = action === 'created' ? (isPull ? COLORS.greenLight : COLORS.orangeLight) : action === 'deleted' ? COLORS.red : COLORS.yellow;
  const repoPart = linked ? link(str(repo.html_url), repo.full_name) : user(repo.full_name);
  const titlePart = linked ? [link(target, `#${str(issue.number)} ${str(issue.title)}`)] : title;
  const text: Part[] = ['[', repoPart, `] ${word} ${isPull ? 'pull request' : 'issue'} `, ...titlePart, ...bySender(p, linked, withSender)];
  return { text, title, attachment: str(c.body), url: str(c.html_url) || target, color };
}

function release(p: Obj, linked: boolean, withSender: boolean): Info {
  const repo = obj(p.repository);
  const r = obj(p.release);
  const action = str(p.action);
  const [word, color] = action === 'published' ? ['created', COLORS.green] : action === 'deleted' ? ['deleted', COLORS.red] : ['updated', COLORS.yellow];
  const tagUrl = `${str(repo.html_url)}/releases/tag/${pathEscapeSegments(str(r.tag_name))}`;
  const repoPart = linked ? link(str(repo.html_url), repo.full_name) : user(repo.full_name);
  const text: Part[] = ['[', repoPart, `] Release ${word}: `, linked ? link(tagUrl, r.tag_name) : user(r.tag_name), ...bySender(p, linked, withSender)];
  return { text, title: [user(r.name || r.tag_name)], attachment: str(r.body), url: str(r.html_url) || tagUrl, color };
}

function wiki(p: Obj, linked: boolean, withSender: boolean): Info {
  const repo = obj(p.repository);
  const action = str(p.action);
  const pageUrl = `${str(repo.html_url)}/wiki/${encodeURIComponent(str(p.page))}`;
  const page = linked ? link(pageUrl, p.page) : user(p.page);
  const repoPart = linked ? link(str(repo.html_url), repo.full_name) : user(repo.full_name);
  const head: Part[] = action === 'created' ? ['] New wiki page \'', page, '\''] : ['] Wiki page \'', page, `' ${action === 'deleted' || action === 'renamed' ? action : 'edited'}`];
  const note: Part[] = action !== 'deleted' && str(p.comment) ? [' (', user(p.comment), ')'] : [];
  const color = action === 'created' ? COLORS.green : action === 'deleted' ? COLORS.red : COLORS.yellow;
  return { text: ['[', repoPart, ...head, ...note, ...bySender(p, linked, withSender)], title: [user(p.page)], attachment: '', url: pageUrl, color };
}

/** Gitea's getPackagePayloadInfo: "Package created: name:version", linked to the version's page. */
function pkg(p: Obj, linked: boolean, withSender: boolean): Info {
  const item = obj(p.package);
  const action = str(p.action);
  const label = `${str(item.name)}:${str(item.version)}`;
  const url = str(item.html_url);
  const created = action === 'created';
  const text: Part[] = [`Package ${created ? 'created' : 'deleted'}: `, linked ? link(url, label) : user(label), ...bySender(p, linked, withSender)];
  return { text, title: [user(label)], attachment: '', url, color: created ? COLORS.green : COLORS.red };
}

function other(eventType: string, p: Obj, linked: boolean, withSender: boolean): Info {
  const repo = obj(p.repository);
  const item = obj(p.package ?? p.workflow_job ?? p.workflow_run);
  const name = str(item.name ?? item.title ?? p.context);
  const url = str(item.html_url ?? p.target_url) || str(repo.html_url);
  const label = eventType === 'status' ? 'Commit Status changed' : `${eventType.replace(/_/g, ' ')} ${str(p.action ?? p.state)}`.trim();
  const text: Part[] = repo.full_name ? ['[', linked ? link(str(repo.html_url), repo.full_name) : user(repo.full_name), '] '] : [];
  text.push(`${label}: `, linked ? link(url, name) : user(name));
  if (eventType === 'status' && str(p.description)) text.push(' - ', user(p.description));
  else text.push(...bySender(p, linked, withSender));
  return { text, title: [user(name)], attachment: '', url, color: COLORS.yellow };
}

/**
 * The wording of a non-ref event; `linked` makes links of names (kinds with a link syntax in their text),
 * `withSender` ends the text with "by <sender>".
 */
export function generalInfo(eventType: string, payload: unknown, linked: boolean, withSender = true): Info {
  const p = obj(payload);
  if (eventType.startsWith('issue_comment') || eventType === 'pull_request_comment') return comment(p, linked, withSender);
  if (eventType.startsWith('pull_request')) return issueLike(p, linked, true, withSender);
  if (eventType.startsWith('issue')) return issueLike(p, linked, false, withSender);
  if (eventType === 'release') return release(p, linked, withSender);
  if (eventType === 'wiki') return wiki(p, linked, withSender);
  if (eventType === 'package') return pkg(p, linked, withSender);
  return other(eventType, p, linked, withSender);
}
