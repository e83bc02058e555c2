/** Password hashing, token generation and the data dir's secret box for values stored encrypted. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash, createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

type Scrypt = (pw: string, salt: Buffer, len: number, opts: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;
let scrypt = promisify(scryptCb) as Scrypt;

/**
 * Where password hashes are computed: the host hands them to its helper process (git/spawner.ts), whose malloc
 * arenas keep scrypt's 16 MiB blocks instead of one arena per libuv thread of the host.
 */
export function setPasswordHasher(fn: Scrypt): void {
  scrypt = fn;
}
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** Hashes a password with scrypt: `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A new access token: 40 lower-case hex characters, like Gitea's. */
export function newToken(): string {
  return randomBytes(20).toString('hex');
}

/** The stored form of a token: tokens are random, so a plain sha256 is enough to make a leaked store useless. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Encrypts and decrypts small secrets (TOTP seeds, bind passwords, webhook authorization headers) at rest. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('secret key must be 32 bytes');
    this.key = key;
  }

  /** Loads `<dataDir>/secret.key`, creating it (mode 600) on first start. */
  static forDataDir(dataDir: string): SecretBox {
    const file = path.join(dataDir, 'secret.key');
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    }
    return new SecretBox(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
  }

  /** HMAC-SHA256 of `data` under a key derived from the secret key (signed links, runtime tokens). */
  sign(data: string | Buffer): Buffer {
    const derived = createHmac('sha256', this.key).update('homeforge signing').digest();
    return createHmac('sha256', derived).update(data).digest();
  }

  /** `v1:` + base64(iv | tag | ciphertext), AES-256-GCM. */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
  }

  decrypt(sealed: string): string {
    if (!sealed.startsWith('v1:')) throw new Error('unknown secret format');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    const d = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  }
}
