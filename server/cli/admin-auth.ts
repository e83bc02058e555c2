/**
 * `npm run admin -- auth ...`: login sources, with the flags of Gitea's `gitea admin auth`:
 *   auth add-ldap         --name --security-protocol --host --port --user-search-base --user-filter --email-attribute
 *                         [--bind-dn --bind-password --admin-filter --username-attribute --firstname-attribute
 *                          --surname-attribute --skip-tls-verify --not-active]
 *   auth add-ldap-simple  the same with --user-dn instead of --bind-dn/--bind-password
 *   auth update-ldap / update-ldap-simple --id N [any of the flags above, --active]
 *   auth add-sspi         --name [--auto-create-users --auto-activate-users --strip-domain-names (each true|false)
 *                          --separator-replacement --default-language --not-active]   (SPNEGO with SSPI: Negotiate)
 *   auth update-sspi      --id N [the same flags, --active]
 *   auth list
 *   auth delete --id N
 */
import { parseArgs } from 'node:util';
import { openForCli } from './context.ts';
import type { AppContext } from '../services/context.ts';
import {
  createSource, deleteSource, getSource, listSources, sourceFieldsSchema, sourceType, updateSource, SOURCE_TYPE_NAMES,
  type SourceFields, type SourceType,
} from '../services/auth/login-sources.ts';
import type { Command } from './commands.ts';

const STRING_FLAGS = {
  name: 'name', 'security-protocol': 'security_protocol', host: 'host', 'user-search-base': 'user_search_base',
  'user-filter': 'user_filter', 'admin-filter': 'admin_filter', 'username-attribute': 'username_attribute',
  'firstname-attribute': 'firstname_attribute', 'surname-attribute': 'surname_attribute', 'email-attribute': 'email_attribute',
  'bind-dn': 'bind_dn', 'bind-password': 'bind_password', 'user-dn': 'user_dn',
  'separator-replacement': 'separator_replacement', 'default-language': 'default_language',
} as const;

/** SSPI switches take a value (`--auto-create-users false`), since each defaults to true. */
const BOOL_FLAGS = {
  'auto-create-users': 'auto_create_users', 'auto-activate-users': 'auto_activate_users', 'strip-domain-names': 'strip_domain_names',
} as const;

const OPTIONS = {
  ...Object.fromEntries([...Object.keys(STRING_FLAGS), ...Object.keys(BOOL_FLAGS)].map((f) => [f, { type: 'string' as const }])),
  port: { type: 'string' }, id: { type: 'string' }, data: { type: 'string', default: './data' },
  'skip-tls-verify': { type: 'boolean' }, 'not-active': { type: 'boolean' }, active: { type: 'boolean' },
} as const;

type Values = Record<string, string | boolean | undefined>;

function parse(args: string[]): Values {
  return parseArgs({ args, options: OPTIONS, strict: true }).values as Values;
}

function positiveInt(value: string | boolean | undefined, flag: string): number {
  const n = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) {
    throw new TypeError(`--${flag} must be a positive whole number`);
  }
  return n;
}

function boolFlag(value: string | boolean | undefined, flag: string): boolean {
  if (value === 'true' || value === 'false') return value === 'true';
  throw new TypeError(`--${flag} must be true or false`);
}

/** The flags that were given, as source fields (the same schema the API uses). */
function fieldsOf(v: Values): SourceFields {
  const raw: Record<string, unknown> = {};
  for (const [flag, field] of Object.entries(STRING_FLAGS)) if (typeof v[flag] === 'string') raw[field] = v[flag];
  for (const [flag, field] of Object.entries(BOOL_FLAGS)) if (v[flag] !== undefined) raw[field] = boolFlag(v[flag], flag);
  if (v.port !== undefined) raw.port = positiveInt(v.port, 'port');
  if (v['skip-tls-verify'] !== undefined) raw.skip_tls_verify = v['skip-tls-verify'];
  if (v['not-active'] !== undefined) raw.active = !v['not-active'];
  if (v.active !== undefined) raw.active = v.active;
  const parsed = sourceFieldsSchema.safeParse(raw);
  if (!parsed.success) throw new TypeError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', '));
  return parsed.data;
}

/** Gitea's CLI names the flags each kind needs before touching anything. */
const REQUIRED: Record<SourceType, string[]> = {
  ldap: ['name', 'security-protocol', 'host', 'port', 'user-search-base', 'user-filter', 'email-attribute'],
  'ldap-simple': ['name', 'security-protocol', 'host', 'port', 'user-dn', 'user-filter', 'email-attribute'],
  sspi: ['name'],
};

async function withApp(v: Values, run: (app: AppContext) => Promise<void>): Promise<void> {
  const { app, close } = await openForCli(String(v.data));
  try {
    await run(app);
  } finally {
    await close();
  }
}

const add = (type: SourceType): Command => async (args) => {
  const v = parse(args);
  const missing = REQUIRED[type].filter((f) => v[f] === undefined);
  if (missing.length) throw new TypeError(`${missing.map((f) => `--${f}`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set`);
  const fields = fieldsOf(v);
  await withApp(v, async (app) => {
    const s = await createSource(app, { ...fields, type });
    process.stdout.write(`Authentication source '${s.name}' (id ${s.id}, ${SOURCE_TYPE_NAMES[type]}) has been added\n`);
  });
};

const update = (type: SourceType): Command => async (args) => {
  const v = parse(args);
  const id = positiveInt(v.id, 'id');
  const fields = fieldsOf(v);
  await withApp(v, async (app) => {
    const current = await getSource(app, id);
    if (sourceType(current) !== type) {
      throw new TypeError(`Invalid authentication type. expected: ${SOURCE_TYPE_NAMES[type]}, actual: ${SOURCE_TYPE_NAMES[sourceType(current)]}`);
    }
    const s = await updateSource(app, id, fields);
    process.stdout.write(`Authentication source '${s.name}' (id ${s.id}) has been updated\n`);
  });
};

async function list(args: string[]): Promise<void> {
  const v = parse(args);
  await withApp(v, async (app) => {
    const rows = [['ID', 'Name', 'Type', 'Enabled']];
    for (const s of await listSources(app)) rows.push([String(s.id), s.name, SOURCE_TYPE_NAMES[sourceType(s)], String(s.is_active)]);
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    process.stdout.write(rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n');
  });
}

async function remove(args: string[]): Promise<void> {
  const v = parse(args);
  const id = positiveInt(v.id, 'id');
  await withApp(v, async (app) => {
    await deleteSource(app, id);
    process.stdout.write(`Authentication source ${id} has been deleted\n`);
  });
}

export const authCommands: Record<string, Command> = {
  'auth add-ldap': add('ldap'),
  'auth add-ldap-simple': add('ldap-simple'),
  'auth update-ldap': update('ldap'),
  'auth update-ldap-simple': update('ldap-simple'),
  'auth add-sspi': add('sspi'),
  'auth update-sspi': update('sspi'),
  'auth list': list,
  'auth delete': remove,
};
