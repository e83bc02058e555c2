/**
 * The checks an avatar image passes before it is kept (Gitea's modules/avatar ProcessAvatarImage and the web form's
 * AVATAR_MAX_FILE_SIZE): strict base64, one of PNG, JPEG, GIF and WebP told from the bytes (never from a name or a
 * type the client gives; SVG is refused, since it can carry script), and the size and dimension limits. Pure.
 */
import type * as ImageSize from 'image-size';
import { lazyRequire } from '../../lib/lazy-require.ts';

const sizeOf = lazyRequire<typeof ImageSize>('image-size');

export type AvatarType = 'png' | 'jpeg' | 'gif' | 'webp';

/** The Content-Type each accepted kind is served with. */
export const MIME: Readonly<Record<AvatarType, string>> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

export interface AvatarLimits {
  /** `[picture] AVATAR_MAX_FILE_SIZE`, bytes. */
  maxBytes: number;
  /** `[picture] AVATAR_MAX_WIDTH` and `AVATAR_MAX_HEIGHT`, pixels. */
  maxWidth: number;
  maxHeight: number;
}

export interface CheckedImage { type: AvatarType; width: number; height: number }

const startsWith = (b: Uint8Array, at: number, sig: readonly number[]): boolean =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** The kind of image `bytes` hold, from their signature; null for anything else (SVG, HTML, other images). */
export function sniffType(bytes: Uint8Array): AvatarType | null {
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, 0, ascii('GIF87a')) || startsWith(bytes, 0, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'webp';
  return null;
}

/** The base64 text was not valid; `at` is the offset of the first byte that is wrong (Go's CorruptInputError). */
export class Base64Error extends Error {
  readonly at: number;
  constructor(at: number) {
    super(`illegal base64 data at input byte ${at}`);
    this.at = at;
  }
}

const ALPHABET = /[^A-Za-z0-9+/=]/;

/**
 * Decodes standard base64 as strictly as Go's StdEncoding.DecodeString, which Gitea uses: line breaks are skipped,
 * padding is required, and anything else outside the alphabet (a `data:` prefix, URL-safe characters) is refused.
 */
export function decodeBase64(text: string): Buffer {
  const clean = text.replace(/[\r\n]/g, '');
  const bad = clean.search(ALPHABET);
  if (bad >= 0) throw new Base64Error(bad);
  const pad = clean.indexOf('=');
  if (pad >= 0) {
    const tail = clean.slice(pad);
    const notPad = tail.search(/[^=]/);
    if (notPad >= 0) throw new Base64Error(pad + notPad);
    if (tail.length > 2) throw new Base64Error(pad + 2);
  }
  // Whole groups of four only: a missing padding character is an error, as in Go.
  if (clean.length % 4 !== 0) throw new Base64Error(clean.length);
  const body = pad < 0 ? clean : clean.slice(0, pad);
  return Buffer.from(body, 'base64');
}

/**
 * The problem with `bytes` as an avatar in words, or the image's kind and size. The kind comes from the bytes'
 * signature and must agree with what the size reader finds, so a file that only starts like an image is refused.
 */
export function checkImage(bytes: Uint8Array, limits: AvatarLimits): CheckedImage | { problem: string } {
  if (bytes.length === 0) return { problem: 'no image was given' };
  if (bytes.length > limits.maxBytes) return { problem: `image is too large: ${bytes.length} bytes > ${limits.maxBytes}` };
  const type = sniffType(bytes);
  if (!type) return { problem: 'unsupported avatar image type: only PNG, JPEG, GIF and WebP images are accepted' };
  let found: { width?: number; height?: number; type?: string };
  try {
    found = sizeOf().imageSize(bytes);
  } catch {
    return { problem: `the ${type.toUpperCase()} image cannot be read` };
  }
  const { width = 0, height = 0 } = found;
  if ((found.type === 'jpg' ? 'jpeg' : found.type) !== type || width <= 0 || height <= 0) return { problem: `the ${type.toUpperCase()} image cannot be read` };
  if (width > limits.maxWidth) return { problem: `image width is too large: ${width} > ${limits.maxWidth}` };
  if (height > limits.maxHeight) return { problem: `image height is too large: ${height} > ${limits.maxHeight}` };
  return { type, width, height };
}
