/**
 * What a run gets of the stored secrets and variables, resolved as Gitea does (models/secret GetSecretsOfTask,
 * models/actions GetVariablesOfRun): the repository's own win over those of its owner (user or organization).
 * And the masker a runner puts over every log line, so no value reaches a log or a delivery record in clear.
 */
import type { AppContext } from '../context.ts';
import * as repoStore from '../../store/repos.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { openSecrets } from './secrets.ts';
import { variableValues } from './variables.ts';

/** How a run came to be, where it changes what it may see. */
export interface RunSecretOptions {
  /** The run's token, given to it as GITHUB_TOKEN and GITEA_TOKEN (Gitea adds them before the stored secrets). */
  token?: string;
  /** A pull request from a fork gets no stored secrets, unless it runs for `pull_request_target` (the base's code). */
  forkPullRequest?: boolean;
  /** The event that triggered the run, e.g. `push`, `pull_request_target`. */
  event?: string;
}

async function ownerOf(app: AppContext, repoId: number): Promise<number> {
  const repo = await repoStore.getById(app.store, repoId);
  if (!repo) throw new NotFoundError(`repository ${repoId} does not exist`);
  return repo.owner_id;
}

/** The decrypted secrets a run of the repository sees, by upper-case name: the owner's, then the repository's over them. */
export async function secretsForRun(app: AppContext, repoId: number, opts: RunSecretOptions = {}): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (opts.token) {
    out.GITHUB_TOKEN = opts.token;
    out.GITEA_TOKEN = opts.token;
  }
  if (opts.forkPullRequest && opts.event !== 'pull_request_target') return out;
  const ownerId = await ownerOf(app, repoId);
  for (const [k, v] of await openSecrets(app, { ownerId })) out[k] = v;
  for (const [k, v] of await openSecrets(app, { repoId })) out[k] = v;
  return out;
}

/** The variables a run of the repository sees, by upper-case name: the owner's, then the repository's over them. */
export async function variablesForRun(app: AppContext, repoId: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const ownerId = await ownerOf(app, repoId);
  for (const [k, v] of await variableValues(app, { ownerId })) out[k] = v;
  for (const [k, v] of await variableValues(app, { repoId })) out[k] = v;
  return out;
}

/** What a masked value becomes. */
export const MASK = '***';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The strings to hide for these values: each value whole and, for a multi-line value, each of its non-blank lines. */
function maskTargets(values: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const v of values) {
    if (!v) continue;
    out.add(v);
    if (!/[\r\n]/.test(v)) continue;
    // A log shows a multi-line value line by line (often with its own prefix per line), so each line is hidden alone.
    for (const line of v.split(/\r?\n|\r/)) {
      const t = line.trim();
      if (t) out.add(t);
    }
  }
  // Longest first, so a value is hidden whole before any shorter value inside it is.
  return [...out].sort((a, b) => b.length - a.length);
}

/** A function that replaces every occurrence of the values in a text with `***`; build it once per run. */
export function secretMasker(values: Iterable<string> | Record<string, string>): (text: string) => string {
  const list = Symbol.iterator in values ? (values as Iterable<string>) : Object.values(values);
  const targets = maskTargets(list);
  if (!targets.length) return (text) => text;
  const re = new RegExp(targets.map(escape).join('|'), 'g');
  return (text) => text.replace(re, MASK);
}

/** Replaces every occurrence of the values (multi-line values also line by line) in the text with `***`. */
export function maskSecrets(text: string, values: Iterable<string> | Record<string, string>): string {
  return secretMasker(values)(text);
}
