/**
 * Host settings that matter on a desktop, read and changed at run time by a site administrator (or the tray).
 * A change is validated like app.ini at start, written to `<data>/app.ini` (other sections, keys and comments
 * kept; temp file + rename), then replaces `app.settings`. `HOMEFORGE__SECTION__KEY` variables and host options
 * still win over app.ini at the next start: such keys are reported as `overridden`.
 */
import { existsSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import type { HostSetting } from '../../structs/homeforge.ts';
import { Settings, SettingsError } from '../../lib/settings.ts';
import { SETTINGS, type SettingKey } from '../../lib/settings-schema.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { parseHostList } from '../../lib/host-matcher.ts';
import { formatDuration, parseDuration } from '../../lib/duration.ts';
import { intervalFloor } from '../mirror/timing.ts';

/** The keys this service reads and writes; nothing else in app.ini can be changed through it. */
export const HOST_SETTING_KEYS = [
  'server.LAN_ACCESS',
  'security.DISABLE_QUERY_AUTH_TOKEN',
  'webhook.ALLOWED_HOST_LIST',
  'webhook.DELIVER_TIMEOUT',
  'migrations.ALLOW_LOCALNETWORKS',
  'migrations.ALLOWED_DOMAINS',
  'migrations.BLOCKED_DOMAINS',
  'security.IMPORT_LOCAL_PATHS',
  'mirror.MIN_INTERVAL',
  'mirror.DEFAULT_INTERVAL',
  'service.REQUIRE_SIGNIN_VIEW',
  'backup.ENABLED',
  'backup.INTERVAL',
  'backup.FOLDER',
  'backup.KEEP',
  'actions.BUILTIN_RUNNER',
] as const satisfies readonly SettingKey[];

export type HostSettingKey = (typeof HOST_SETTING_KEYS)[number];

/** Keys holding host lists (keywords, CIDRs, globs): a glob that does not compile is refused here, not at delivery. */
const HOST_LISTS = new Set<string>(['webhook.ALLOWED_HOST_LIST', 'migrations.ALLOWED_DOMAINS', 'migrations.BLOCKED_DOMAINS']);

const sectionOf = (key: string): string => key.slice(0, key.lastIndexOf('.'));
const nameOf = (key: string): string => key.slice(key.lastIndexOf('.') + 1);
const isHostKey = (key: string): key is HostSettingKey => (HOST_SETTING_KEYS as readonly string[]).includes(key);

/** Allow-listed keys fixed at start by `HOMEFORGE__SECTION__KEY` variables or by host options. */
export function fixedSettingKeys(env: NodeJS.ProcessEnv, options: Record<string, string> = {}): Set<string> {
  const fixed = new Set<string>();
  for (const name of Object.keys(env)) {
    const m = /^HOMEFORGE__(.+)__([A-Z0-9_]+)$/i.exec(name);
    if (!m || env[name] === undefined) continue;
    const key = `${(m[1] ?? '').replace(/_0X2E_/gi, '.').toLowerCase()}.${(m[2] ?? '').toUpperCase()}`;
    if (isHostKey(key)) fixed.add(key);
  }
  for (const key of Object.keys(options)) if (isHostKey(key)) fixed.add(key);
  return fixed;
}

/** The allow-listed settings with their current values. */
export function readHostSettings(app: AppContext): HostSetting[] {
  return HOST_SETTING_KEYS.map((key) => ({
    key, section: sectionOf(key), name: nameOf(key), kind: SETTINGS[key].kind, value: app.settings.raw(key),
    default: SETTINGS[key].default, overridden: app.fixedSettings?.has(key) ?? false,
  }));
}

/** 422 for one setting, in words and as the field's structured error. */
const badSetting = (key: string, words: string): ValidationError =>
  new ValidationError(`[${key}]: ${words}`, [{ field: key, code: 'invalid', message: words }]);

/** Checks `changes` (422 naming the first bad key, nothing written); returns them as strings. */
function validated(app: AppContext, changes: Record<string, unknown>): Partial<Record<HostSettingKey, string>> {
  const out: Partial<Record<HostSettingKey, string>> = {};
  for (const [key, raw] of Object.entries(changes)) {
    if (!isHostKey(key)) throw badSetting(key, `not a setting that can be changed here`);
    if (typeof raw !== 'string' && typeof raw !== 'boolean' && typeof raw !== 'number') {
      throw badSetting(key, `expected a string, a number or true/false`);
    }
    const value = String(raw).trim();
    if (/[\r\n]/.test(value)) throw badSetting(key, `must be one line`);
    try {
      new Settings({ [key]: value });
    } catch (err) {
      if (!(err instanceof SettingsError)) throw err;
      const problem = err.message.slice(err.message.lastIndexOf('": ') + 3);
      throw badSetting(key, `${problem}`);
    }
    if (key === 'mirror.MIN_INTERVAL' && (parseDuration(value) ?? 0) < intervalFloor(app)) {
      // Gitea raises a lower value to its floor at start; a value written here would never be used, so it is refused.
      throw badSetting(key, `must be at least ${formatDuration(intervalFloor(app))}`);
    }
    if (HOST_LISTS.has(key)) {
      try {
        parseHostList(value.split(','));
      } catch (err) {
        throw badSetting(key, `expected keywords, host names, globs or CIDRs (${(err as Error).message})`);
      }
    }
    out[key] = value;
  }
  return out;
}

const writes = new WeakMap<AppContext, Promise<unknown>>();

/**
 * Opens or closes the LAN listeners before the answer. When LAN access was turned on and a LAN address could
 * not be listened on, the change is undone (in memory and in app.ini, listeners closed) and refused with the reasons.
 */
async function applyLan(app: AppContext, previous: Settings): Promise<void> {
  if (!app.lan) return;
  const failed = await app.lan.apply();
  if (!app.settings.bool('server.LAN_ACCESS') || failed.length === 0) return;
  const old = previous.raw('server.LAN_ACCESS');
  await writeIni(app.dataDir, { 'server.LAN_ACCESS': old });
  app.settings = app.settings.with({ 'server.LAN_ACCESS': old });
  await app.lan.apply();
  const reasons = failed.map((f) => `${f.address}: ${f.error}`).join('; ');
  throw new ConflictError(`LAN access could not be turned on: ${reasons}. The setting was left off.`);
}

/** Validates, persists to app.ini and applies `changes`; calls run one at a time per host. */
export function updateHostSettings(app: AppContext, changes: Record<string, unknown>): Promise<HostSetting[]> {
  const values = validated(app, changes);
  const run = async (): Promise<HostSetting[]> => {
    if (Object.keys(values).length === 0) return readHostSettings(app);
    const previous = app.settings;
    await writeIni(app.dataDir, values);
    app.settings = previous.with(values);
    if (values['server.LAN_ACCESS'] !== undefined) await applyLan(app, previous);
    return readHostSettings(app);
  };
  const result = (writes.get(app) ?? Promise.resolve()).then(run, run);
  writes.set(app, result.catch(() => undefined));
  return result;
}

/** Quotes a value the ini reader would otherwise cut at a comment sign or trim. */
const iniValue = (v: string): string => (/[;#"]|^\s|\s$/.test(v) ? JSON.stringify(v) : v);

/** Sets `section.KEY = value` lines in the ini text, keeping everything else as it was. */
export function editIni(text: string, values: Record<string, string>): string {
  const lines = text.split(/\r?\n/);
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  for (const [key, value] of Object.entries(values)) {
    const section = sectionOf(key);
    const name = nameOf(key);
    let current = 'server';
    let lastLineOfSection = -1;
    let done = false;
    for (let i = 0; i < lines.length && !done; i++) {
      const line = lines[i] ?? '';
      const head = /^\s*\[([^\]]+)\]\s*$/.exec(line);
      if (head) {
        current = (head[1] ?? '').trim().toLowerCase();
        if (current === section) lastLineOfSection = i;
        continue;
      }
      if (current !== section) continue;
      if (line.trim() !== '') lastLineOfSection = i;
      const kv = /^\s*([^=;#\s]+)\s*=/.exec(line);
      if (kv && (kv[1] ?? '').toUpperCase() === name) { lines[i] = `${name} = ${iniValue(value)}`; done = true; }
    }
    if (done) continue;
    if (lastLineOfSection >= 0) lines.splice(lastLineOfSection + 1, 0, `${name} = ${iniValue(value)}`);
    else lines.push(...(lines.length ? [''] : []), `[${section}]`, `${name} = ${iniValue(value)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Rewrites `<data>/app.ini` with `values` through a synced temp file and a rename. */
async function writeIni(dataDir: string, values: Record<string, string>): Promise<void> {
  const file = path.join(dataDir, 'app.ini');
  const before = existsSync(file) ? await readFile(file, 'utf8') : '';
  const tmp = `${file}.${process.pid}.tmp`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(editIni(before, values));
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
