import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatOfId, parseCommit, parseSignature, parseTag, parseTree } from './objects.ts';

test('signatures keep the signer offset in RFC 3339', () => {
  assert.deepEqual(parseSignature('A U Thor <a@example.com> 1700000000 +0200'), { name: 'A U Thor', email: 'a@example.com', when: '2023-11-15T00:13:20+02:00', unix: 1700000000 });
  assert.equal(parseSignature('B <b@x> 0 +0000').when, '1970-01-01T00:00:00Z');
  assert.equal(parseSignature('C <c@x> 1700000000 -0530').when, '2023-11-14T16:43:20-05:30');
});

test('an id length decides its format', () => {
  assert.equal(formatOfId('a'.repeat(40)), 'sha1');
  assert.equal(formatOfId('A'.repeat(64)), 'sha256');
  assert.equal(formatOfId('a'.repeat(41)), null);
  assert.equal(formatOfId('g'.repeat(40)), null);
});

test('commits: parents, multi-line signature header, message', () => {
  const raw = ['tree t1', 'parent p1', 'parent p2', 'author A <a@x> 1 +0000', 'committer C <c@x> 2 +0100', 'gpgsig -----BEGIN PGP SIGNATURE-----', ' line', ' -----END PGP SIGNATURE-----', '', 'subject', '', 'body', ''].join('\n');
  const c = parseCommit('id1', Buffer.from(raw));
  assert.deepEqual(c.parents, ['p1', 'p2']);
  assert.equal(c.tree, 't1');
  assert.equal(c.committer.email, 'c@x');
  assert.equal(c.message, 'subject\n\nbody\n');
  assert.match(c.signature, /^-----BEGIN PGP SIGNATURE-----\nline\n-----END/);
});

test('annotated tags: target, tagger, message without its signature', () => {
  const raw = 'object o1\ntype commit\ntag v1\ntagger T <t@x> 5 +0000\n\nnotes\n-----BEGIN PGP SIGNATURE-----\nx\n-----END PGP SIGNATURE-----\n';
  const t = parseTag('tid', Buffer.from(raw));
  assert.equal(t.object, 'o1');
  assert.equal(t.name, 'v1');
  assert.equal(t.tagger?.unix, 5);
  assert.equal(t.message, 'notes\n');
});

test('trees of both formats: 20- and 32-byte ids', () => {
  for (const [format, bytes] of [['sha1', 20], ['sha256', 32]] as const) {
    const id1 = Buffer.alloc(bytes, 0xab);
    const id2 = Buffer.alloc(bytes, 0x01);
    const data = Buffer.concat([Buffer.from('100644 a.txt\0'), id1, Buffer.from('40000 dir\0'), id2, Buffer.from('160000 sub\0'), id1]);
    const entries = parseTree(data, format);
    assert.deepEqual(entries.map((e) => [e.name, e.type, e.id.length]), [['a.txt', 'blob', bytes * 2], ['dir', 'tree', bytes * 2], ['sub', 'commit', bytes * 2]]);
    assert.equal(entries[1]!.id, '01'.repeat(bytes));
    assert.throws(() => parseTree(data.subarray(0, data.length - 1), format));
  }
});
