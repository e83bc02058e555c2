/** Slack bodies in Gitea's wording (services/webhook/slack.go), every piece of user text escaped for mrkdwn. */
import { SLACK, firstLine, join, link, render, user, type Part } from './markup.ts';
import { generalInfo, obj, refUrl, senderUrl, str } from './summary.ts';
import { authorName, pushFacts, refFacts, shortId, type ConvertInput, type Converted } from './common.ts';

/** Slack truncates a message's text after 40,000 characters; the one-line text is kept far shorter. */
export const SLACK_TEXT_MAX = 4000;
export const SLACK_ATTACHMENT_MAX = 30_000;

interface Attachment {
  fallback: string;
  color: string;
  title: string;
  title_link: string;
  text: string;
}

function payload(i: ConvertInput, text: Part[], attachments: Attachment[] | null): Converted {
  return {
    body: {
      channel: i.meta.channel ?? '', text: render(SLACK, text, SLACK_TEXT_MAX), username: i.meta.username ?? '', icon_url: i.meta.icon_url ?? '',
      unfurl_links: 0, link_names: 0, attachments,
    },
  };
}

function push(i: ConvertInput): Converted {
  const f = pushFacts(i.payload);
  const count: Part = f.compareUrl ? link(f.compareUrl, f.desc) : f.desc;
  const text: Part[] = ['[', link(f.repoUrl, f.fullName), ':', link(refUrl(f.repoUrl, f.ref), f.branch), '] ', count, ' pushed by ', user(f.pusher)];
  const lines = f.commits.map((c): Part[] => [link(str(c.url), shortId(c)), ': ', user(firstLine(str(c.message))), ' - ', user(authorName(c))]);
  const attachment = { fallback: '', color: i.meta.color ?? '', title: f.repoUrl, title_link: f.repoUrl, text: render(SLACK, join(lines, '\n'), SLACK_ATTACHMENT_MAX) };
  return payload(i, text, [attachment]);
}

function other(i: ConvertInput): Converted {
  const f = refFacts(i.payload);
  const repoLink = link(f.repoUrl, f.fullName);
  switch (i.eventType) {
    case 'create':
      return payload(i, ['[', repoLink, ':', link(refUrl(f.repoUrl, f.ref, f.refType), f.ref), `] ${f.refType} created by `, user(f.sender)], null);
    case 'delete':
      return payload(i, ['[', repoLink, ':', user(f.ref), `] ${f.refType} deleted by `, user(f.sender)], null);
    case 'fork': {
      const forkee = obj(f.p.forkee);
      return payload(i, [link(str(forkee.html_url), forkee.full_name), ' is forked to ', repoLink], null);
    }
    case 'repository':
      return payload(i, ['[', repoLink, `] Repository ${str(f.p.action)} by `, link(senderUrl(f.p), f.sender)], null);
    default: {
      const info = generalInfo(i.eventType, i.payload, true);
      const withBody = info.attachment !== '' || i.eventType.includes('comment');
      const attachments = withBody
        ? [{ fallback: '', color: info.color.toString(16), title: render(SLACK, info.title, 1000), title_link: info.url, text: render(SLACK, [user(info.attachment)], SLACK_ATTACHMENT_MAX) }]
        : null;
      return payload(i, info.text, attachments);
    }
  }
}

/** The Slack body of an event. */
export const slack = (i: ConvertInput): Converted => (i.eventType === 'push' ? push(i) : other(i));
