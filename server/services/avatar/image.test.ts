import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Base64Error, checkImage, decodeBase64, sniffType } from './image.ts';
import { identiconPng } from './identicon.ts';

const LIMITS = { maxBytes: 1024 * 1024, maxWidth: 4096, maxHeight: 4096 };

/** A GIF header of `w`×`h` (enough for the size reader). */
const gif = (w: number, h: number): Buffer => Buffer.concat([Buffer.from('GIF89a'), Buffer.from([w & 255, w >> 8, h & 255, h >> 8, 0, 0, 0]), Buffer.from([0x3b])]);

test('base64 is decoded as strictly as Go does', () => {
  assert.deepEqual(decodeBase64('aGVsbG8='), Buffer.from('hello'));
  assert.deepEqual(decodeBase64('aGVs\r\nbG8='), Buffer.from('hello'));
  assert.deepEqual(decodeBase64(''), Buffer.alloc(0));
  for (const [text, at] of [['aGVsbG8', 7], ['aGV$bG8=', 3], ['data:image/png;base64,aGVsbG8=', 4], ['aGVsbG8=x', 8], ['aGVs_G8=', 4], ['a===', 3]] as const) {
    assert.throws(() => decodeBase64(text), (err: unknown) => err instanceof Base64Error && err.at === at && err.message === `illegal base64 data at input byte ${at}`, text);
  }
});

test('only PNG, JPEG, GIF and WebP are told from their bytes', () => {
  assert.equal(sniffType(identiconPng('a')), 'png');
  assert.equal(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'jpeg');
  assert.equal(sniffType(gif(1, 1)), 'gif');
  assert.equal(sniffType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ')), 'webp');
  assert.equal(sniffType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), null);
  assert.equal(sniffType(Buffer.from('<html>')), null);
});

test('an image passes within the limits and is refused past them', () => {
  assert.deepEqual(checkImage(identiconPng('a'), LIMITS), { type: 'png', width: 240, height: 240 });
  assert.deepEqual(checkImage(gif(300, 200), LIMITS), { type: 'gif', width: 300, height: 200 });
  const problem = (b: Uint8Array, l = LIMITS) => ('problem' in checkImage(b, l) ? (checkImage(b, l) as { problem: string }).problem : '');
  assert.match(problem(gif(5000, 10)), /width is too large: 5000 > 4096/);
  assert.match(problem(gif(10, 5000)), /height is too large: 5000 > 4096/);
  assert.match(problem(gif(10, 10), { ...LIMITS, maxBytes: 5 }), /too large: 14 bytes > 5/);
  assert.match(problem(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')), /unsupported avatar image type/);
  assert.match(problem(Buffer.from('not an image at all')), /unsupported/);
  assert.match(problem(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])), /cannot be read/);
});

test('identicons are deterministic PNGs that differ by name', () => {
  const a = identiconPng('alice');
  assert.deepEqual(identiconPng('alice'), a);
  assert.notDeepEqual(identiconPng('bob'), a);
  assert.deepEqual(checkImage(a, LIMITS), { type: 'png', width: 240, height: 240 });
});
