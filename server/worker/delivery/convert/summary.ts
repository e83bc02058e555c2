/**
 * What every chat-style webhook kind says about an event, as Gitea's services/webhook/general.go writes it:
 * a one-line text (links made by the kind's formatter), a plain title, the detail (commit lines, an issue
 * body), the link to open and a colour.
 */

type Obj = Record<string, unknown>;
export type LinkFormatter = (url: string, text: string) => string;

export interface Summary {
  text: string;
  title: string;
  detail: string;
  url: string;
  color: number;
}

export const COLORS = { green: 0x1ac600, greenLight: 0x97e996, yellow: 0xffd930, grey: 0xc3c3c3, purple: 0x7289da, orange: 0xeb6420, orangeLight: 0xfcbd91, red: 0xff3232 };

const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The short name of a ref (refs/heads/x → x, refs/tags/v1 → v1). */
export const shortRef = (ref: string): string => ref.replace(/^refs\/(heads|tags)\//, '');

function refUrl(repoUrl: string, ref: string, refType?: string): string {
  const tag = refType ? refType === 'tag' : ref.startsWith('refs/tags/');
  return `${repoUrl}/src/${tag ? 'tag' : 'branch'}/${encodeURI(shortRef(ref))}`;
}

function pushSummary(p: Obj, link: LinkFormatter): Summary {
  const repo = obj(p.repository);
  const repoUrl = str(repo.html_url);
  const ref = str(p.ref);
  const commits = Array.isArray(p.commits) ? p.commits.map(obj) : [];
  const total = Number(p.total_commits ?? commits.length);
  const count = total === 1 ? '1 new commit' : `${total} new commits`;
  const branch = link(refUrl(repoUrl, ref), shortRef(ref));
  const pusher = str(obj(p.pusher).login) || str(obj(p.sender).login);
  const text = `[${link(repoUrl, str(repo.full_name))}:${branch}] ${link(str(p.compare_url), count)} pushed by ${pusher}`;
  const detail = commits.map((c) => `${link(str(c.url), str(c.id).slice(0, 7))}: ${str(c.message).split('\n')[0]} - ${str(obj(c.author).name)}`).join('\n');
  return { text, title: `[${str(repo.full_name)}:${shortRef(ref)}] ${count}`, detail, url: str(p.compare_url) || repoUrl, color: COLORS.green };
}

function refSummary(p: Obj, link: LinkFormatter, verb: 'created' | 'deleted'): Summary {
  const repo = obj(p.repository);
  const repoUrl = str(repo.html_url);
  const ref = str(p.ref);
  const refType = str(p.ref_type) || 'branch';
  const refText = verb === 'created' ? link(refUrl(repoUrl, ref, refType), ref) : ref;
  const text = `[${link(repoUrl, str(repo.full_name))}:${refText}] ${refType} ${verb} by ${str(obj(p.sender).login)}`;
  return { text, title: `[${str(repo.full_name)}] ${refType} ${ref} ${verb}`, detail: '', url: repoUrl, color: verb === 'created' ? COLORS.green : COLORS.grey };
}

function actionSummary(p: Obj, link: LinkFormatter, eventType: string): Summary {
  const repo = obj(p.repository);
  const repoUrl = str(repo.html_url);
  const repoLink = link(repoUrl, str(repo.full_name));
  const action = str(p.action);
  const item = obj(p.pull_request ?? p.issue ?? p.release ?? p.package ?? p.workflow_job ?? p.workflow_run);
  const number = str(p.number ?? item.number);
  const label = eventType.startsWith('pull_request') ? 'Pull request' : eventType.startsWith('issue') ? 'Issue' : eventType.replace(/_/g, ' ');
  const name = str(item.title ?? item.name ?? item.tag_name ?? p.page);
  const head = number ? `#${number} ${name}` : name;
  const itemUrl = str(item.html_url) || repoUrl;
  const text = `[${repoLink}] ${label} ${action}: ${link(itemUrl, head)} by ${str(obj(p.sender).login)}`;
  const detail = action === 'opened' || action === 'edited' || action === 'created' ? str(item.body ?? obj(p.comment).body) : '';
  const color = action === 'closed' || action === 'deleted' ? COLORS.red : action === 'opened' || action === 'created' || action === 'published' ? COLORS.green : COLORS.yellow;
  return { text, title: `[${str(repo.full_name)}] ${label} ${action}: ${head}`, detail, url: itemUrl, color };
}

/** Summarises any event; push, create, delete, fork, repository and status have their own wording. */
export function summarize(eventType: string, payload: unknown, link: LinkFormatter): Summary {
  const p = obj(payload);
  const repo = obj(p.repository);
  const repoUrl = str(repo.html_url);
  const sender = str(obj(p.sender).login);
  switch (eventType) {
    case 'push': return pushSummary(p, link);
    case 'create': return refSummary(p, link, 'created');
    case 'delete': return refSummary(p, link, 'deleted');
    case 'fork': {
      const forkee = obj(p.forkee);
      const text = `${link(repoUrl, str(repo.full_name))} is forked to ${link(str(forkee.html_url), str(forkee.full_name))}`;
      return { text, title: `${str(repo.full_name)} is forked to ${str(forkee.full_name)}`, detail: '', url: str(forkee.html_url), color: COLORS.green };
    }
    case 'repository': {
      const action = str(p.action);
      const text = `[${link(repoUrl, str(repo.full_name))}] Repository ${action} by ${sender}`;
      return { text, title: `[${str(repo.full_name)}] Repository ${action}`, detail: '', url: repoUrl, color: action === 'deleted' ? COLORS.red : COLORS.green };
    }
    case 'status': {
      const text = `[${link(repoUrl, str(repo.full_name))}] Commit Status changed: ${str(p.context)} - ${str(p.description)}`;
      return { text, title: `[${str(repo.full_name)}] Commit Status changed: ${str(p.state)}`, detail: '', url: str(p.target_url) || repoUrl, color: COLORS.yellow };
    }
    default: return actionSummary(p, link, eventType);
  }
}
