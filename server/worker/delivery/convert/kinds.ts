/**
 * Per-kind bodies for payload_version 2 events (Gitea's services/webhook/<kind>.go). gitea and gogs have no
 * converter: they send the raw event. Each converter returns the JSON body and, for matrix, the method and URL.
 */
import { createHash, createHmac } from 'node:crypto';
import { summarize, shortRef, type LinkFormatter, type Summary } from './summary.ts';

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

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');
const htmlLink: LinkFormatter = (url, text) => `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;
const markdownLink: LinkFormatter = (url, text) => `[${text}](${url})`;
const noLink: LinkFormatter = (_url, text) => text;
const slackEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const slackLink: LinkFormatter = (url, text) => `<${url}|${slackEscape(text)}>`;
const hex = (n: number): string => n.toString(16).padStart(6, '0');
const joinDetail = (s: Summary, sep = '\r\n\r\n'): string => (s.detail ? `${s.text}${sep}${s.detail}` : s.text);

function slack(i: ConvertInput): Converted {
  const s = summarize(i.eventType, i.payload, slackLink);
  const color = i.meta.color || `#${hex(s.color)}`;
  return {
    body: {
      channel: i.meta.channel ?? '', text: s.text, username: i.meta.username ?? '', icon_url: i.meta.icon_url ?? '', unfurl_links: 0, link_names: 0,
      attachments: s.detail ? [{ fallback: '', color, title: '', title_link: '', text: s.detail }] : [],
    },
  };
}

function discord(i: ConvertInput): Converted {
  const s = summarize(i.eventType, i.payload, markdownLink);
  const sender = ((i.payload as Record<string, unknown>).sender ?? {}) as Record<string, string>;
  const description = s.detail.length > 2000 ? `${s.detail.slice(0, 1997)}...` : s.detail;
  return {
    body: {
      wait: false, content: '', username: i.meta.username ?? '', avatar_url: i.meta.icon_url ?? '', tts: false,
      embeds: [{ title: s.title, description, url: s.url, color: s.color, footer: { text: '' }, author: { name: sender.login ?? '', url: sender.html_url ?? '', icon_url: sender.avatar_url ?? '' }, fields: [] }],
    },
  };
}

function dingtalk(i: ConvertInput): Converted {
  const s = summarize(i.eventType, i.payload, noLink);
  const text = s.detail ? `${s.title}\r\n\r\n${s.detail}` : s.title;
  return {
    body: {
      msgtype: 'actionCard',
      actionCard: { text, title: s.title, hideAvatar: '0', singleTitle: `view ${i.eventType.replace(/_/g, ' ')}`, singleURL: `dingtalk://dingtalkclient/page/link?pc_slide=false&url=${encodeURIComponent(s.url)}` },
    },
  };
}

function telegram(i: ConvertInput): Converted {
  const s = summarize(i.eventType, i.payload, htmlLink);
  const detail = s.detail ? `\n${s.detail}` : '';
  return { body: { text: `${s.text}${detail}`, parse_mode: 'HTML', disable_web_page_preview: true } };
}

function msteams(i: ConvertInput): Converted {
  const s = summarize(i.eventType, i.payload, noLink);
  const p = i.payload as Record<string, Record<string, string>>;
  const facts = [{ name: 'Repository:', value: p.repository?.full_name ?? '' }];
  if (i.eventType === 'push' || i.eventType === 'create' || i.eventType === 'delete') facts.push({ name: 'Ref:', value: shortRef(String(p.ref ?? '')) });
  return {
    body: {
      '@type': 'MessageCard', '@context': 'https://schema.org/extensions', themeColor: hex(s.color), title: s.title, summary: s.title,
      sections: [{ activityTitle: p.sender?.full_name || p.sender?.login || '', activitySubtitle: p.sender?.login ?? '', activityImage: p.sender?.avatar_url ?? '', facts, text: s.detail }],
      potentialAction: [{ '@type': 'OpenUri', name: 'View in Gitea', targets: [{ os: 'default', uri: s.url }] }],
    },
  };
}

function feishu(i: ConvertInput): Converted {
  const s = summarize(i.eventType, i.payload, noLink);
  const body: Record<string, unknown> = { msg_type: 'text', content: { text: joinDetail(s) } };
  if (i.secret) {
    const ts = Math.floor(i.now / 1000);
    body.timestamp = ts;
    body.sign = createHmac('sha256', `${ts}\n${i.secret}`).update('').digest('base64');
  }
  return { body };
}

function matrix(i: ConvertInput): Converted {
  const s = summarize(i.eventType, i.payload, htmlLink);
  const plain = summarize(i.eventType, i.payload, markdownLink);
  const body = { body: joinDetail(plain, '\n'), msgtype: i.meta.message_type || 'm.notice', format: 'org.matrix.custom.html', formatted_body: s.detail ? `${s.text}<br>${s.detail.replace(/\n/g, '<br>')}` : s.text };
  const text = JSON.stringify(body, null, 2);
  if (Buffer.byteLength(text) >= 64 * 1024) throw new Error('matrix payload is too large');
  const txnId = createHash('sha1').update(text).digest('hex');
  return { body, method: 'PUT', url: `${i.url.replace(/\/+$/, '')}/${txnId}` };
}

function wechatwork(i: ConvertInput): Converted {
  const s = summarize(i.eventType, i.payload, markdownLink);
  const content = `# ${s.title}\n${joinDetail(s, '\n')}`;
  return { body: { msgtype: 'markdown', text: { content: '', mentioned_list: null, mentioned_mobile_list: null }, markdown: { content } } };
}

function packagist(i: ConvertInput): Converted {
  return { body: { repository: { url: i.eventType === 'push' ? (i.meta.package_url ?? '') : '' } } };
}

export const CONVERTERS: Record<string, (i: ConvertInput) => Converted> = {
  slack, discord, dingtalk, telegram, msteams, feishu, matrix, wechatwork, packagist,
};
