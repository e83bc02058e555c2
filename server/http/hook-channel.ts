/**
 * The host's end of the pre-receive hook's channel: a socket receive-pack inherits as file descriptor 3 and
 * passes on to its hook. The hook writes one question (its push token, the quarantine variables, the ref
 * update lines, `end`) and reads the answer: `allow`, or `refuse` followed by the message git prints. Only
 * the processes of that one receive-pack hold the socket; the token is checked all the same.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { QUARANTINE_VARS } from '../git/hooks.ts';

export interface HookQuestion {
  token: string;
  quarantine: Record<string, string>;
  updates: { ref: string; oldSha: string; newSha: string }[];
}

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** More than any push's ref lines (10,000 updates of 64-hex shas and long names) and quarantine paths. */
const MAX_QUESTION = 4 * 2 ** 20;
const HEADER = 'homeforge-pre-receive ';

/** Parses a whole question (its `end` line included); null when it is malformed. */
export function parseQuestion(text: string): HookQuestion | null {
  const lines = text.split('\n');
  if (lines.length < 6 || lines.at(-1) !== '' || lines.at(-2) !== 'end') return null;
  const head = lines[0] ?? '';
  if (!head.startsWith(HEADER)) return null;
  const quarantine: Record<string, string> = {};
  QUARANTINE_VARS.forEach((k, i) => {
    const v = lines[1 + i] ?? '';
    if (v) quarantine[k] = v;
  });
  const updates = [];
  for (const line of lines.slice(1 + QUARANTINE_VARS.length, -2)) {
    const [oldSha = '', newSha = '', ref = '', ...rest] = line.split(' ');
    if (rest.length || !SHA.test(oldSha) || !SHA.test(newSha) || !ref.startsWith('refs/')) return null;
    updates.push({ ref, oldSha, newSha });
  }
  if (updates.length > 10_000) return null;
  return { token: head.slice(HEADER.length), quarantine, updates };
}

/** Whether `given` is `expected`, compared in constant time. */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Serves one push's channel: waits for the hook's question, asks `decide` (the refusal message, or null to
 * allow) and writes the answer, then closes the host's side. A malformed or oversized question is refused.
 */
export function serveHookChannel(socket: Duplex, decide: (q: HookQuestion | null) => Promise<string | null>): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let tail = '';
  let asked = false;
  const reply = (refusal: string | null): void => {
    if (!socket.destroyed) socket.end(refusal === null ? 'allow\n' : `refuse\n${refusal.replace(/\n?$/, '\n')}`);
  };
  const ask = (q: HookQuestion | null): void => {
    asked = true;
    decide(q).then(reply, (err: unknown) => reply(`the host could not check the push: ${err instanceof Error ? err.message : String(err)}`));
  };
  socket.on('error', () => undefined);
  socket.on('data', (c: Buffer) => {
    if (asked) return;
    chunks.push(c);
    size += c.length;
    if (size > MAX_QUESTION) return ask(null);
    // The question ends with its `end` line (no other line of it is a bare "end").
    tail = (tail + c.toString('latin1')).slice(-5);
    if (tail !== '\nend\n') return;
    ask(parseQuestion(Buffer.concat(chunks).toString('utf8')));
  });
}
