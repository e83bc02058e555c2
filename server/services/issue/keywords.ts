/**
 * Gitea's closing and reopening keywords (`[repository.pull-request] CLOSE_KEYWORDS`, `REOPEN_KEYWORDS`): a
 * keyword, an optional colon and one space right before an issue reference (`Fixes: #12`, `closes owner/repo#3`)
 * give the reference its action. Words that are not letters only are ignored, as Gitea's parseKeywords does.
 */
import type { Settings } from '../../lib/settings.ts';

/** What a reference asks of the issue it names (Gitea's XRefAction). */
export type RefAction = 'none' | 'closes' | 'reopens';

interface Patterns { close: RegExp | null; reopen: RegExp | null }

const cache = new WeakMap<Settings, Patterns>();

function pattern(words: string[]): RegExp | null {
  const ok = words.map((w) => w.trim().toLowerCase()).filter((w) => /^\p{L}+$/u.test(w));
  return ok.length ? new RegExp(`(?:\\s|^|\\(|\\[)(${ok.join('|')}):? $`, 'iu') : null;
}

function patternsOf(settings: Settings): Patterns {
  let p = cache.get(settings);
  if (!p) {
    p = { close: pattern(settings.list('repository.pull-request.CLOSE_KEYWORDS')), reopen: pattern(settings.list('repository.pull-request.REOPEN_KEYWORDS')) };
    cache.set(settings, p);
  }
  return p;
}

/** The action of the reference starting at `start` in `text`: the keyword right before it, closing words first. */
export function actionBefore(settings: Settings, text: string, start: number): RefAction {
  const p = patternsOf(settings);
  // Only the end of the text before the reference matters: a keyword, a colon and a space are short.
  // A cut text starts with a letter, so `^` cannot pass a word that began before the cut for a whole one.
  const before = start > 64 ? `x${text.slice(start - 64, start)}` : text.slice(0, start);
  if (p.close?.test(before)) return 'closes';
  if (p.reopen?.test(before)) return 'reopens';
  return 'none';
}
