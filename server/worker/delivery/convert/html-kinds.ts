/**
 * The kinds that take HTML: Telegram (services/webhook/telegram.go) and Matrix (matrix.go), in Gitea's
 * wording. User text is escaped as it is written into the HTML, and the result goes through the sanitizer,
 * so only the links we make survive (and only to http(s)).
 */
import { createHash } from 'node:crypto';
import { LITERAL, join, link, render, renderHtml, user, type Part } from './markup.ts';
import { generalInfo, obj, refUrl, senderUrl, srcUrl, str } from './summary.ts';
import { authorName, bytes, pushFacts, refFacts, shortId, trimMessage, type ConvertInput, type Converted } from './common.ts';

/** Telegram refuses a message longer than 4096 characters. */
export const TELEGRAM_MAX = 4096;
/** Matrix homeservers refuse events over 64 KiB (Gitea refuses to send one). */
export const MATRIX_MAX_BYTES = 64 * 1024;

function telegramParts(i: ConvertInput): Part[] {
  const f = refFacts(i.payload);
  const repoLink = link(f.repoUrl, f.fullName);
  switch (i.eventType) {
    case 'push': {
      const p = pushFacts(i.payload);
      const lines = p.commits.map((c): Part[] => ['\n[', link(str(c.url), shortId(c)), '] ', user(trimMessage(c)), ...(authorName(c) ? [' - ', user(authorName(c))] : [])]);
      return ['[', link(p.repoUrl, p.fullName), ':', link(p.titleLink, p.branch), '] ', p.desc, ...lines.flat()];
    }
    case 'create':
    case 'delete':
      return ['[', repoLink, '] ', user(f.refType), ' ', link(srcUrl(f.repoUrl, f.ref), f.ref), i.eventType === 'create' ? ' created' : ' deleted'];
    case 'fork':
      return [user(obj(f.p.forkee).full_name), ' is forked to ', repoLink];
    case 'repository':
      return str(f.p.action) === 'deleted' ? ['[', user(f.fullName), '] Repository deleted'] : ['[', repoLink, '] Repository created'];
    default: {
      const info = generalInfo(i.eventType, i.payload, true);
      if (!info.attachment) return info.text;
      return [...info.text, i.eventType.startsWith('issues') ? '\n\n' : '\n', user(info.attachment)];
    }
  }
}

/** The Telegram body: sanitized HTML within Telegram's 4096 characters. */
export function telegram(i: ConvertInput): Converted {
  return { body: { text: renderHtml(telegramParts(i), 'telegram', TELEGRAM_MAX), parse_mode: 'HTML', disable_web_page_preview: true } };
}

function matrixParts(i: ConvertInput): Part[] {
  const f = refFacts(i.payload);
  const repoLink = link(f.repoUrl, f.fullName);
  switch (i.eventType) {
    case 'push': {
      const p = pushFacts(i.payload);
      const count = p.total === 1 ? '1 commit' : `${p.total} commits`;
      const lines = p.commits.map((c): Part[] => [link(str(c.url), shortId(c)), ': ', user(trimMessage(c)), ' - ', user(authorName(c))]);
      return ['[', link(p.repoUrl, p.fullName), '] ', user(p.pusher), ` pushed ${count} to `, link(refUrl(p.repoUrl, p.ref), p.branch), ':<br>', ...join(lines, '<br>')];
    }
    case 'create':
      return ['[', repoLink, ':', link(refUrl(f.repoUrl, f.ref, f.refType), f.ref), `] ${f.refType} created by `, user(f.sender)];
    case 'delete':
      return ['[', repoLink, ':', user(f.ref), `] ${f.refType} deleted by `, user(f.sender)];
    case 'fork': {
      const forkee = obj(f.p.forkee);
      return [link(str(forkee.html_url), forkee.full_name), ' is forked to ', repoLink];
    }
    case 'repository':
      return ['[', repoLink, `] Repository ${str(f.p.action)} by `, link(senderUrl(f.p), f.sender)];
    default:
      return generalInfo(i.eventType, i.payload, true).text;
  }
}

/**
 * The plain `body` beside formatted_body: links as [text](url), <br> as a line break, and `@room` broken so
 * that commit text cannot notify a whole room (clients match it in `body`).
 */
function plainBody(parts: Part[], max: number): string {
  const lines = parts.map((p) => (typeof p === 'string' ? p.replace(/<br>/g, '\n') : p));
  return render(LITERAL, lines, max).replace(/@room/gi, (m) => `${m[0]}\u2060${m.slice(1)}`);
}

/** The Matrix request: PUT to <url>/<txnID> with the sha1 of the body; the whole body stays under 64 KiB. */
export function matrix(i: ConvertInput): Converted {
  const parts = matrixParts(i);
  let commits = i.eventType === 'push' ? pushFacts(i.payload).commits : [];
  // The raw commits may take half of the room at most; the last ones go first (the Gitea payload has them all).
  while (commits.length > 0 && bytes(JSON.stringify(commits, null, 2)) > MATRIX_MAX_BYTES / 2) commits = commits.slice(0, -1);
  let budget = 12 * 1024;
  for (;;) {
    const body: Record<string, unknown> = {
      body: plainBody(parts, budget), msgtype: i.meta.message_type || 'm.notice', format: 'org.matrix.custom.html', formatted_body: renderHtml(parts, 'matrix', budget),
    };
    if (commits.length > 0) body['io.gitea.commits'] = commits;
    const text = JSON.stringify(body, null, 2);
    if (bytes(text) < MATRIX_MAX_BYTES) {
      return { body, method: 'PUT', url: `${i.url.replace(/\/+$/, '')}/${createHash('sha1').update(text).digest('hex')}` };
    }
    // Too large: the raw commits go first (they are in the Gitea payload too), then the text shrinks.
    if (commits.length > 0) commits = commits.slice(0, -1);
    else budget = Math.floor(budget / 2);
  }
}
