/**
 * Per-kind bodies for payload_version 2 events (Gitea's services/webhook/<kind>.go). gitea and gogs have no
 * converter: they send the raw event. Each converter returns the JSON body and, for matrix, the method and URL.
 * The kinds live in slack.ts, html-kinds.ts (telegram, matrix) and markdown-kinds.ts (discord, msteams,
 * dingtalk, wechatwork); feishu and packagist are here.
 */
import { createHmac } from 'node:crypto';
import { PLAIN, join, renderBytes, user, type Part } from './markup.ts';
import { generalInfo, obj, str } from './summary.ts';
import { authorName, pushFacts, refFacts, shortId, trimMessage, type ConvertInput, type Converted, type Converter } from './common.ts';
import { slack } from './slack.ts';
import { matrix, telegram } from './html-kinds.ts';
import { dingtalk, discord, msteams, wechatwork } from './markdown-kinds.ts';

export type { ConvertInput, Converted } from './common.ts';

/** Feishu's custom bots take a request body of at most 20 KB; the text stays below that. */
export const FEISHU_TEXT_MAX_BYTES = 18_000;

function feishuParts(i: ConvertInput): Part[] {
  const f = refFacts(i.payload);
  switch (i.eventType) {
    case 'push': {
      const p = pushFacts(i.payload);
      // Feishu text has no link syntax: Gitea writes the commit as [sha](url) literally, and so do we.
      const lines = p.commits.map((c): Part[] => [`[${shortId(c)}](`, user(str(c.url)), ') ', user(trimMessage(c)), ...(authorName(c) ? [' - ', user(authorName(c))] : [])]);
      return ['[', user(p.fullName), ':', user(p.branch), `] ${p.desc}\r\n`, ...join(lines, '\r\n')];
    }
    case 'create':
    case 'delete':
      return ['[', user(f.fullName), `] ${f.refType} `, user(f.ref), i.eventType === 'create' ? ' created' : ' deleted'];
    case 'fork':
      return [user(obj(f.p.forkee).full_name), ' is forked to ', user(f.fullName)];
    case 'repository':
      return ['[', user(f.fullName), `] Repository ${str(f.p.action) === 'deleted' ? 'deleted' : 'created'}`];
    default: {
      const info = generalInfo(i.eventType, i.payload, false);
      return info.attachment ? [...info.title, '\r\n', ...info.text, '\r\n\r\n', user(info.attachment)] : info.text;
    }
  }
}

/** The Feishu text message; with a secret, Feishu's timestamp and signature. */
function feishu(i: ConvertInput): Converted {
  const body: Record<string, unknown> = { msg_type: 'text', content: { text: renderBytes(PLAIN, feishuParts(i), FEISHU_TEXT_MAX_BYTES).trim() } };
  if (i.secret) {
    const ts = Math.floor(i.now / 1000);
    body.timestamp = ts;
    body.sign = createHmac('sha256', `${ts}\n${i.secret}`).update('').digest('base64');
  }
  return { body };
}

/** Packagist: the package URL on pushes, an empty URL otherwise (Gitea still sends it). */
function packagist(i: ConvertInput): Converted {
  return { body: { repository: { url: i.eventType === 'push' ? (i.meta.package_url ?? '') : '' } } };
}

export const CONVERTERS: Record<string, Converter> = {
  slack, discord, dingtalk, telegram, msteams, feishu, matrix, wechatwork, packagist,
};
