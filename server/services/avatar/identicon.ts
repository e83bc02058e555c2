/**
 * The generated default avatar: a symmetric 5×5 identicon on white, its pattern and colour taken from the sha256 of
 * the name (so one name always gets the same image, as Gitea's identicons are made from the account). Pure; PNG
 * encoding by pngjs, loaded on first use.
 */
import { createHash } from 'node:crypto';
import type * as Pngjs from 'pngjs';
import { lazyRequire } from '../../lib/lazy-require.ts';

const pngjs = lazyRequire<typeof Pngjs>('pngjs');

const GRID = 5;
const CELL = 40;
const MARGIN = 20;
/** Width and height of an identicon, pixels. */
export const IDENTICON_SIZE = GRID * CELL + 2 * MARGIN;

/** An HSL colour (h 0-360, s and l 0-1) as RGB bytes. */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return [f(0), f(8), f(4)];
}

/** Which cells are filled (row-major), mirrored around the middle column, and the colour, from the digest. */
export function identiconPattern(seed: string): { cells: boolean[]; rgb: [number, number, number] } {
  const d = createHash('sha256').update(seed, 'utf8').digest();
  const cells: boolean[] = [];
  for (let row = 0; row < GRID; row++) {
    for (let col = 0; col < GRID; col++) {
      const half = col < 3 ? col : GRID - 1 - col;
      cells.push(d[row * 3 + half]! % 2 === 0);
    }
  }
  const hue = ((d[28]! << 8) | d[29]!) % 360;
  return { cells, rgb: hsl(hue, 0.45 + (d[30]! % 20) / 100, 0.4 + (d[31]! % 12) / 100) };
}

/** The identicon PNG of `seed`. */
export function identiconPng(seed: string): Buffer {
  const { cells, rgb } = identiconPattern(seed);
  const { PNG } = pngjs();
  const png = new PNG({ width: IDENTICON_SIZE, height: IDENTICON_SIZE });
  png.data.fill(255);
  for (let i = 0; i < cells.length; i++) {
    if (!cells[i]) continue;
    const x0 = MARGIN + (i % GRID) * CELL;
    const y0 = MARGIN + Math.floor(i / GRID) * CELL;
    for (let y = y0; y < y0 + CELL; y++) {
      for (let x = x0; x < x0 + CELL; x++) {
        const at = (y * IDENTICON_SIZE + x) * 4;
        png.data[at] = rgb[0];
        png.data[at + 1] = rgb[1];
        png.data[at + 2] = rgb[2];
      }
    }
  }
  return PNG.sync.write(png, { colorType: 2 });
}
