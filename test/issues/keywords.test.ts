// Gitea's keyword rules for issue references: which words close or reopen, where they must stand, and the
// `[repository.pull-request] CLOSE_KEYWORDS` / `REOPEN_KEYWORDS` settings (letters only; empty turns them off).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Settings } from '../../server/lib/settings.ts';
import { findReferences } from '../../server/services/issue/references.ts';

const actions = (text: string, s = new Settings({})) => findReferences(text, s).map((r) => `${r.owner ? `${r.owner}/${r.repo}` : ''}#${r.index}:${r.action}`);

describe('closing and reopening keywords', () => {
  test('Gitea\'s default words, any case, with an optional colon and one space before the reference', () => {
    for (const w of ['close', 'closes', 'closed', 'fix', 'fixes', 'fixed', 'resolve', 'resolves', 'resolved']) {
      assert.deepEqual(actions(`${w} #1`), ['#1:closes'], w);
      assert.deepEqual(actions(`${w.toUpperCase()}: #1`), ['#1:closes'], w);
    }
    for (const w of ['reopen', 'reopens', 'reopened']) assert.deepEqual(actions(`${w} #2`), ['#2:reopens'], w);
    assert.deepEqual(actions('Fixes owner/repo#3, refs #4\n[closes #5]'), ['owner/repo#3:closes', '#4:none', '#5:closes']);
  });

  test('a word that is not right before the reference, or is part of another word, does nothing', () => {
    assert.deepEqual(actions('fixes  #1'), ['#1:none'], 'two spaces');
    assert.deepEqual(actions('prefixes #1'), ['#1:none']);
    assert.deepEqual(actions('fixes the bug in #1'), ['#1:none']);
    assert.deepEqual(actions('`fixes #1`'), [], 'code spans are not read');
    assert.deepEqual(actions(`${'x'.repeat(100)}prefixed #1`), ['#1:none'], 'a long text cut before the word');
  });

  test('the settings choose the words; words with other characters are ignored', () => {
    const s = new Settings({ 'repository.pull-request.CLOSE_KEYWORDS': 'schließt, erledigt, bad-word', 'repository.pull-request.REOPEN_KEYWORDS': '' });
    assert.deepEqual(actions('schließt #1, erledigt #2, fixes #3, bad-word #4, reopens #5', s), ['#1:closes', '#2:closes', '#3:none', '#4:none', '#5:none']);
  });
});
