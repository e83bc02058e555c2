/** Settings: `<data>/app.ini` (Gitea's sections and keys), overridden by `HOMEFORGE__SECTION__KEY` variables. */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import ini from 'ini';
import { parseDuration } from './duration.ts';
import { SETTINGS, type SettingKey, type SettingSpec } from './settings-schema.ts';

export class SettingsError extends Error {}

type Raw = Record<string, string>;

/** Validated settings of one host. Values are read through typed getters. */
export class Settings {
  private readonly values: Raw;

  constructor(values: Raw) {
    for (const [key, spec] of Object.entries(SETTINGS) as [SettingKey, SettingSpec][]) {
      const value = values[key] ?? spec.default;
      const problem = check(spec, value);
      if (problem) throw new SettingsError(`invalid setting [${sectionOf(key)}] ${keyOf(key)} = "${value}": ${problem}`);
    }
    this.values = values;
  }

  raw(key: SettingKey): string { return this.values[key] ?? SETTINGS[key].default; }
  bool(key: SettingKey): boolean { return /^(true|1|yes|on)$/i.test(this.raw(key).trim()); }
  int(key: SettingKey): number { return Number.parseInt(this.raw(key).trim(), 10); }
  string(key: SettingKey): string { return this.raw(key).trim(); }
  /** Milliseconds. */
  duration(key: SettingKey): number { return parseDuration(this.raw(key)) ?? 0; }
  list(key: SettingKey): string[] {
    return this.raw(key).split(',').map((v) => v.trim()).filter(Boolean);
  }

  /** A copy with some keys changed (validated again). */
  with(changes: Partial<Record<SettingKey, string>>): Settings {
    return new Settings({ ...this.values, ...changes });
  }
}

function sectionOf(key: string): string { return key.slice(0, key.lastIndexOf('.')); }
function keyOf(key: string): string { return key.slice(key.lastIndexOf('.') + 1); }

function check(spec: SettingSpec, value: string): string | null {
  const v = value.trim();
  switch (spec.kind) {
    case 'bool':
      return /^(true|false|1|0|yes|no|on|off)$/i.test(v) ? null : 'expected true or false';
    case 'int': {
      if (!/^-?\d+$/.test(v)) return 'expected a whole number';
      return spec.min !== undefined && Number(v) < spec.min ? `must be at least ${spec.min}` : null;
    }
    case 'duration':
      return parseDuration(v) === null ? 'expected a duration such as 10m or 8h' : null;
    case 'enum':
      return spec.values?.includes(v) ? null : `expected one of ${spec.values?.join(', ')}`;
    default:
      return null;
  }
}

/** Flattens a parsed ini object into `section.KEY` entries (top-level keys go to "server"). */
function flatten(parsed: Record<string, unknown>): Raw {
  const out: Raw = {};
  const walk = (obj: Record<string, unknown>, prefix: string): void => {
    for (const [k, v] of Object.entries(obj)) {
      if (v !== null && typeof v === 'object') walk(v as Record<string, unknown>, prefix ? `${prefix}.${k}` : k);
      else out[`${prefix || 'server'}.${k}`] = String(v);
    }
  };
  walk(parsed, '');
  return out;
}

/** Reads `HOMEFORGE__SECTION__KEY` variables; `_0X2E_` in a section stands for a dot, as in Gitea's environment-to-ini. */
function fromEnv(env: NodeJS.ProcessEnv): Raw {
  const out: Raw = {};
  for (const [name, value] of Object.entries(env)) {
    const m = /^HOMEFORGE__(.+)__([A-Z0-9_]+)$/i.exec(name);
    if (!m || value === undefined) continue;
    const section = (m[1] ?? '').replace(/_0X2E_/gi, '.').toLowerCase();
    out[`${section}.${(m[2] ?? '').toUpperCase()}`] = value;
  }
  return out;
}

/** Loads settings from `<dataDir>/app.ini` and the environment; throws SettingsError naming a bad key. */
export function loadSettings(dataDir: string, env: NodeJS.ProcessEnv = process.env, overrides: Raw = {}): Settings {
  const file = path.join(dataDir, 'app.ini');
  let fromFile: Raw = {};
  if (existsSync(file)) {
    const parsed = ini.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    fromFile = normaliseKeys(flatten(parsed));
  }
  return new Settings({ ...fromFile, ...fromEnv(env), ...overrides });
}

/** Section names compare lower case, key names upper case, whatever the file wrote. */
function normaliseKeys(raw: Raw): Raw {
  const out: Raw = {};
  for (const [k, v] of Object.entries(raw)) out[`${sectionOf(k).toLowerCase()}.${keyOf(k).toUpperCase()}`] = v;
  return out;
}
