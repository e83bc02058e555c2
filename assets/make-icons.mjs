// Draws the Homeforge icons (a branch graph on a rounded square) and writes them as PNG with node's zlib.
// Run once: node assets/make-icons.mjs. The PNGs are committed; packaging does not run this.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const BG = [232, 89, 12];
const FG = [255, 255, 255];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};
const png = (size, rgba) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
};

// Shapes in a 0..1 square: the rounded background, then a main line with a branch that joins it back.
const inRoundedSquare = (x, y, r = 0.2) => {
  const dx = Math.max(Math.abs(x - 0.5) - (0.5 - r), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (0.5 - r), 0);
  return dx * dx + dy * dy <= r * r;
};
const nearSegment = (x, y, [ax, ay], [bx, by], w) => {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= w;
};
const nodes = [[0.34, 0.24], [0.34, 0.76], [0.68, 0.4]];
const lines = [[nodes[0], nodes[1]], [nodes[2], [0.68, 0.52]], [[0.68, 0.52], [0.34, 0.7]]];
const glyph = (x, y) => nodes.some(([cx, cy]) => Math.hypot(x - cx, y - cy) <= 0.085) || lines.some(([a, b]) => nearSegment(x, y, a, b, 0.04));

const render = (size) => {
  const out = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = (px + (sx + 0.5) / n) / size;
          const y = (py + (sy + 0.5) / n) / size;
          if (!inRoundedSquare(x, y)) continue;
          if (glyph(x, y)) fg++;
          else bg++;
        }
      }
      const cover = (bg + fg) / (n * n);
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) out[i + c] = cover ? Math.round((BG[c] * bg + FG[c] * fg) / (bg + fg)) : 0;
      out[i + 3] = Math.round(cover * 255);
    }
  }
  return png(size, out);
};

for (const size of [512, 256, 128, 64, 32, 16]) writeFileSync(path.join(here, 'icons', `${size}x${size}.png`), render(size));
writeFileSync(path.join(here, 'tray.png'), render(16));
writeFileSync(path.join(here, 'tray@2x.png'), render(32));
