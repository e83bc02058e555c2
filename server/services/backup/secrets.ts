/**
 * The secrets of a backup: the data dir's secret key (which makes the store's sealed fields readable) and the
 * full app.ini, sealed with the owner's passphrase (scrypt, then AES-256-GCM). Without a passphrase an archive
 * holds app.ini with secret-looking values removed and no key: sealed fields must be entered again.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb } from 'node:crypto';
import { promisify } from 'node:util';
import { ValidationError } from '../../lib/errors.ts';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const KDF = { N: 32768, r: 8, p: 1, maxmem: 128 * 1024 * 1024 };

export interface SecretBundle {
  /** The content of `<data>/secret.key`. */
  secret_key: string;
  /** The content of `<data>/app.ini`, secrets included ('' when there is none). */
  app_ini: string;
}

/** Seals the secrets with a passphrase: JSON with the KDF parameters, salt, iv, tag and ciphertext (base64). */
export async function sealSecrets(bundle: SecretBundle, passphrase: string): Promise<Buffer> {
  if (passphrase.length < 8) throw new ValidationError('the passphrase must have at least 8 characters');
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = await scrypt(passphrase, salt, 32, KDF);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([c.update(JSON.stringify(bundle), 'utf8'), c.final()]);
  const sealed = { kdf: 'scrypt', N: KDF.N, r: KDF.r, p: KDF.p, salt: salt.toString('base64'), iv: iv.toString('base64'), tag: c.getAuthTag().toString('base64'), data: data.toString('base64') };
  return Buffer.from(JSON.stringify(sealed));
}

/** Opens sealed secrets; a wrong passphrase (or a changed byte) throws. */
export async function openSecrets(sealed: Buffer, passphrase: string): Promise<SecretBundle> {
  const s = JSON.parse(sealed.toString('utf8')) as Record<string, string | number>;
  const key = await scrypt(passphrase, Buffer.from(String(s.salt), 'base64'), 32, { N: Number(s.N), r: Number(s.r), p: Number(s.p), maxmem: KDF.maxmem });
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(String(s.iv), 'base64'));
  d.setAuthTag(Buffer.from(String(s.tag), 'base64'));
  try {
    const plain = Buffer.concat([d.update(Buffer.from(String(s.data), 'base64')), d.final()]);
    return JSON.parse(plain.toString('utf8')) as SecretBundle;
  } catch {
    throw new ValidationError('the passphrase does not open the secrets of this backup');
  }
}

const SECRET_KEY = /(SECRET|PASSWORD|PASSWD|TOKEN|PRIVATE|CREDENTIAL|_KEY$|^KEY$)/i;
const FLAG = /^(true|false|[0-9]+)$/i;

/** app.ini without secret-looking values (kept as empty keys, so the owner sees what to fill in). */
export function redactIni(text: string): string {
  return text.split(/\r?\n/).map((line) => {
    const m = /^(\s*)([^=;#[\s][^=]*?)(\s*=\s*)(.*)$/.exec(line);
    if (!m || !SECRET_KEY.test(m[2]!) || FLAG.test(m[4]!.trim())) return line;
    return `${m[1]}${m[2]}${m[3]}`;
  }).join('\n');
}
