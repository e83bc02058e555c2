/**
 * The kinds whose text is markdown: Discord, Microsoft Teams, DingTalk and WeChat Work, in Gitea's wording
 * (services/webhook/<kind>.go). User text is backslash-escaped, so a commit message cannot plant a link,
 * a mention or a <font> tag; each body is kept within the service's limit.
 */
import { LITERAL, MARKDOWN, WECHAT, join, link, render, renderBytes, user, type Part } from './markup.ts';
import { COLORS, generalInfo, obj, senderUrl, srcUrl, str } from './summary.ts';
import { authorName, ellipsize, firstLineOf, pushFacts, refFacts, shortId, trimMessage, type ConvertInput, type Converted } from './common.ts';

/** Discord: embed title 256 characters; Gitea cuts the description at 2000. */
export const DISCORD_TITLE_MAX = 256;
export const DISCORD_DESCRIPTION_MAX = 2000;
/** Teams refuses cards over about 28 KB; the text is kept well below. */
export const MSTEAMS_TEXT_MAX_BYTES = 18_000;
/** DingTalk's markdown text limit. */
export const DINGTALK_TEXT_MAX = 5000;
/** WeChat Work refuses markdown content over 4096 bytes. */
export const WECHATWORK_MAX_BYTES = 4096;

interface Card {
  title: Part[];
  text: Part[];
  url: string;
  color: number;
  /** Teams' extra fact. */
  fact?: [string, Part[]];
  /** DingTalk's button label. */
  button: string;
  /** The item's own title (#N title) for the events about an issue, pull request or release. */
  heading?: Part[];
}

/** The card of an event that all four kinds build from (title, text, link, colour). */
function card(i: ConvertInput, lineSep: string, commitLine: (c: Record<string, unknown>) => Part[], withSender = true): Card {
  if (i.eventType === 'push') {
    const f = pushFacts(i.payload);
    const text = join(f.commits.map(commitLine), lineSep);
    return { title: ['[', user(f.fullName), ':', user(f.branch), `] ${f.desc}`], text, url: f.titleLink, color: COLORS.green, fact: ['Commit count:', [String(f.total)]], button: f.total === 1 ? 'view commit' : 'view commits' };
  }
  const f = refFacts(i.payload);
  if (i.eventType === 'create' || i.eventType === 'delete') {
    const made = i.eventType === 'create';
    return { title: ['[', user(f.fullName), `] ${f.refType} `, user(f.ref), made ? ' created' : ' deleted'], text: [], url: srcUrl(f.repoUrl, f.ref), color: made ? COLORS.green : COLORS.red, fact: [`${f.refType}:`, [user(f.ref)]], button: `view ref ${f.ref}` };
  }
  if (i.eventType === 'fork') {
    const forkee = obj(f.p.forkee);
    return { title: [user(forkee.full_name), ' is forked to ', user(f.fullName)], text: [], url: f.repoUrl, color: COLORS.green, fact: ['Forkee:', [user(forkee.full_name)]], button: `view forked repo ${f.fullName}` };
  }
  if (i.eventType === 'repository') {
    const created = str(f.p.action) !== 'deleted';
    return { title: ['[', user(f.fullName), `] Repository ${created ? 'created' : 'deleted'}`], text: [], url: created ? f.repoUrl : '', color: created ? COLORS.green : COLORS.red, button: 'view repository' };
  }
  const info = generalInfo(i.eventType, i.payload, false, withSender);
  return { title: info.text, text: info.attachment ? [user(info.attachment)] : [], url: info.url, color: info.color, button: `view ${i.eventType.replace(/_/g, ' ')}`, heading: info.title };
}

/** The Discord body: one embed; commit lines show the summary, cut at 50 characters as GitHub does. */
export function discord(i: ConvertInput): Converted {
  const c = card(i, '\n', (x) => [link(str(x.url), shortId(x)), ' ', user(ellipsize(firstLineOf(x), 50, 47)), ' - ', user(authorName(x))], false);
  const sender = obj(obj(i.payload).sender);
  const body: Record<string, unknown> = { wait: false, content: '', username: i.meta.username ?? '' };
  if (i.meta.icon_url) body.avatar_url = i.meta.icon_url;
  body.tts = false;
  body.embeds = [{
    title: render(MARKDOWN, c.title, DISCORD_TITLE_MAX), description: render(MARKDOWN, c.text, DISCORD_DESCRIPTION_MAX), url: c.url, color: c.color,
    footer: { text: '' }, author: { name: ellipsize(str(sender.login), 256), url: senderUrl(obj(i.payload)), icon_url: str(sender.avatar_url) }, fields: null,
  }];
  return { body };
}

/** The Microsoft Teams MessageCard. */
export function msteams(i: ConvertInput): Converted {
  const p = obj(i.payload);
  const c = card(i, '\n\n', (x) => [link(str(x.url), shortId(x)), ' ', user(trimMessage(x)), ' - ', user(authorName(x))], false);
  const repo = obj(p.repository ?? p.repo);
  const sender = obj(p.sender);
  const color = i.eventType === 'delete' || (i.eventType === 'repository' && str(p.action) === 'deleted') ? COLORS.yellow : c.color;
  const facts = [{ name: 'Repository:', value: render(MARKDOWN, [user(repo.full_name)], 500) }];
  if (c.fact && i.eventType !== 'repository') facts.push({ name: c.fact[0], value: render(MARKDOWN, c.fact[1], 500) });
  const title = render(MARKDOWN, c.title, 1000);
  return {
    body: {
      '@type': 'MessageCard', '@context': 'https://schema.org/extensions', themeColor: color.toString(16), title, summary: title,
      sections: [{
        activityTitle: render(MARKDOWN, [user(sender.full_name)], 500), activitySubtitle: render(MARKDOWN, [user(sender.login)], 500),
        activityImage: str(sender.avatar_url), facts, text: renderBytes(MARKDOWN, c.text, MSTEAMS_TEXT_MAX_BYTES),
      }],
      potentialAction: [{ '@type': 'OpenUri', name: 'View in Gitea', targets: [{ os: 'default', uri: c.url }] }],
    },
  };
}

/** The DingTalk action card (a deleted repository gets a plain text message, as in Gitea). */
export function dingtalk(i: ConvertInput): Converted {
  const c = card(i, '\r\n', (x) => [link(str(x.url), shortId(x)), ' ', user(trimMessage(x)), ...(authorName(x) ? [' - ', user(authorName(x))] : [])]);
  // The title is shown unrendered (a notification line), so it is not escaped.
  const title = render(LITERAL, c.heading ?? c.title, 500).trim();
  if (i.eventType === 'repository' && str(obj(i.payload).action) === 'deleted') return { body: { msgtype: 'text', text: { content: title } } };
  const text = i.eventType === 'push' ? c.text : c.heading ? [...c.title, '\r\n\r\n', ...c.text] : c.title;
  return {
    body: {
      msgtype: 'actionCard',
      actionCard: {
        text: render(MARKDOWN, text, DINGTALK_TEXT_MAX).trim(), title, hideAvatar: '0', singleTitle: ellipsize(c.button, 100),
        singleURL: `dingtalk://dingtalkclient/page/link?pc_slide=false&url=${encodeURIComponent(c.url)}`,
      },
    },
  };
}

/** The WeChat Work markdown message, within its 4096 bytes. */
export function wechatwork(i: ConvertInput): Converted {
  let parts: Part[];
  if (i.eventType === 'push') {
    const f = pushFacts(i.payload);
    const lines = f.commits.map((x): Part[] => [
      ' > ', link(str(x.url), shortId(x)), ' \r\n ><font color="info">', user(str(x.message).replace(/\n\n/g, '\r\n')), '</font> \n ><font color="warning">',
      ...(authorName(x) ? ['Author: ', user(authorName(x))] : []), '</font>',
    ]);
    parts = ['# ', user(f.fullName), ':', user(f.branch), ` <font color="warning">  ${f.desc}  </font>\r\n\r\n`, ...join(lines, '\n')];
  } else {
    const c = card(i, '\n', () => []);
    parts = c.heading ? [' ><font color="info">', ...c.title, '</font>\n >', ...c.text, ' \n ><font color="warning"> ', ...c.heading, '</font> \n ', link(c.url, c.url)] : c.title;
  }
  return { body: { msgtype: 'markdown', text: { content: '', mentioned_list: null, mentioned_mobile_list: null }, markdown: { content: renderBytes(WECHAT, parts, WECHATWORK_MAX_BYTES) } } };
}
