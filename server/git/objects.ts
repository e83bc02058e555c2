/** Parsing of git commit, tag and tree objects, for SHA1 (20-byte ids) and SHA256 (32-byte ids) repositories. */

export type ObjectFormatName = 'sha1' | 'sha256';

/** Hex length of a full object id in this format. */
export const hexLength = (format: ObjectFormatName): number => (format === 'sha256' ? 64 : 40);

/** The format a full id's length implies, or null when it is not a full hex id. */
export function formatOfId(id: string): ObjectFormatName | null {
  if (!/^[0-9a-f]+$/i.test(id)) return null;
  if (id.length === 40) return 'sha1';
  if (id.length === 64) return 'sha256';
  return null;
}

/** The all-zero id of the format (a created or deleted ref's missing side). */
export const zeroId = (format: ObjectFormatName): string => '0'.repeat(hexLength(format));

export interface Signature {
  name: string;
  email: string;
  /** RFC 3339 with the signer's own offset, as git recorded it. */
  when: string;
  /** Seconds since the epoch. */
  unix: number;
}

export interface Commit {
  id: string;
  tree: string;
  parents: string[];
  author: Signature;
  committer: Signature;
  message: string;
  /** The gpgsig / gpgsig-sha256 header, or "" for an unsigned commit. */
  signature: string;
}

export interface Tag {
  id: string;
  object: string;
  type: string;
  name: string;
  tagger: Signature | null;
  message: string;
}

export interface TreeEntry {
  mode: string;
  name: string;
  id: string;
  type: 'blob' | 'tree' | 'commit';
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Parses `Name <email> 1700000000 +0200`. */
export function parseSignature(line: string): Signature {
  const m = /^(.*?) ?<([^>]*)> (-?\d+) ([+-])(\d{2})(\d{2})$/.exec(line.trim());
  if (!m) return { name: line.trim(), email: '', when: new Date(0).toISOString().replace('.000Z', 'Z'), unix: 0 };
  const unix = Number(m[3]);
  const sign = m[4] === '-' ? -1 : 1;
  const offsetMin = sign * (Number(m[5]) * 60 + Number(m[6]));
  const local = new Date((unix + offsetMin * 60) * 1000);
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  const zone = offsetMin === 0 ? 'Z' : `${m[4]}${m[5]}:${m[6]}`;
  return { name: m[1]!, email: m[2]!, when: `${date}T${time}${zone}`, unix };
}

/** Splits an object into its header lines (continuation lines joined) and its message. */
function splitHeaders(data: Buffer): { headers: [string, string][]; message: string } {
  const text = data.toString('utf8');
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const message = end < 0 ? '' : text.slice(end + 2);
  const headers: [string, string][] = [];
  for (const line of head.split('\n')) {
    if (line.startsWith(' ') && headers.length) headers[headers.length - 1]![1] += `\n${line.slice(1)}`;
    else {
      const sp = line.indexOf(' ');
      headers.push(sp < 0 ? [line, ''] : [line.slice(0, sp), line.slice(sp + 1)]);
    }
  }
  return { headers, message };
}

/** Parses a commit object's bytes. */
export function parseCommit(id: string, data: Buffer): Commit {
  const { headers, message } = splitHeaders(data);
  const commit: Commit = { id, tree: '', parents: [], author: parseSignature(''), committer: parseSignature(''), message, signature: '' };
  for (const [k, v] of headers) {
    if (k === 'tree') commit.tree = v;
    else if (k === 'parent') commit.parents.push(v);
    else if (k === 'author') commit.author = parseSignature(v);
    else if (k === 'committer') commit.committer = parseSignature(v);
    else if (k === 'gpgsig' || k === 'gpgsig-sha256') commit.signature = v;
  }
  return commit;
}

/** Parses an annotated tag object's bytes (the PGP signature, if any, is cut from the message). */
export function parseTag(id: string, data: Buffer): Tag {
  const { headers, message } = splitHeaders(data);
  const tag: Tag = { id, object: '', type: '', name: '', tagger: null, message };
  for (const [k, v] of headers) {
    if (k === 'object') tag.object = v;
    else if (k === 'type') tag.type = v;
    else if (k === 'tag') tag.name = v;
    else if (k === 'tagger') tag.tagger = parseSignature(v);
  }
  const sig = tag.message.indexOf('-----BEGIN PGP SIGNATURE-----');
  if (sig >= 0) tag.message = tag.message.slice(0, sig);
  return tag;
}

/** Parses a tree object's bytes: `<mode> <name>\0<raw id>` repeated; the id width depends on the format. */
export function parseTree(data: Buffer, format: ObjectFormatName): TreeEntry[] {
  const idBytes = hexLength(format) / 2;
  const entries: TreeEntry[] = [];
  let pos = 0;
  while (pos < data.length) {
    const sp = data.indexOf(0x20, pos);
    const nul = data.indexOf(0, sp);
    if (sp < 0 || nul < 0 || nul + 1 + idBytes > data.length) throw new Error('malformed tree object');
    const mode = data.subarray(pos, sp).toString('latin1');
    const name = data.subarray(sp + 1, nul).toString('utf8');
    const id = data.subarray(nul + 1, nul + 1 + idBytes).toString('hex');
    entries.push({ mode, name, id, type: mode === '40000' ? 'tree' : mode === '160000' ? 'commit' : 'blob' });
    pos = nul + 1 + idBytes;
  }
  return entries;
}

/** Gitea's six-digit mode string (`040000` for trees). */
export const fullMode = (mode: string): string => mode.padStart(6, '0');

/** The message's first line, as Gitea's commit summary. */
export const summaryOf = (message: string): string => message.split('\n', 1)[0]!.trim();
