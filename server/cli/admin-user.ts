/**
 * `npm run admin -- user <command>`, named after Gitea's `gitea admin user` commands:
 *   create --username U --password P --email E [--admin] [--must-change-password]
 *   list [--admin]
 *   delete (--id N | --username U | --email E) [--purge]
 *   change-password --username U --password P [--must-change-password]
 *   generate-access-token --username U [--token-name N] [--scopes S] [--raw]
 */
import { parseArgs } from 'node:util';
import { openForCli } from './context.ts';
import { createUser, getIndividualOrThrow } from '../services/user/users.ts';
import { editUser } from '../services/user/edit.ts';
import { deleteUser } from '../services/user/delete.ts';
import { adminSearchUsers } from '../services/user/search.ts';
import { createToken } from '../services/token/tokens.ts';
import * as userStore from '../store/users.ts';
import type { AppContext } from '../services/context.ts';
import type { UserRecord } from '../store/records.ts';
import type { Command } from './commands.ts';

const DATA = { data: { type: 'string', default: './data' } } as const;

/** Opens the data dir, runs `work`, and always closes it. */
async function withApp(dataDir: string, work: (app: AppContext) => Promise<void>): Promise<void> {
  const { app, close } = await openForCli(dataDir);
  try {
    await work(app);
  } finally {
    await close();
  }
}

async function create(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      admin: { type: 'boolean', default: false },
      'must-change-password': { type: 'boolean', default: false },
      ...DATA,
    },
  });
  if (!values.username || !values.email || !values.password) {
    throw new TypeError('user create needs --username, --password and --email');
  }
  const { username, password, email } = values;
  await withApp(values.data, async (app) => {
    const user = await createUser(app, { username, password, email, is_admin: values.admin, must_change_password: values['must-change-password'] });
    process.stdout.write(`New user '${user.name}' has been successfully created!\n`);
  });
}

async function list(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { admin: { type: 'boolean', default: false }, ...DATA } });
  await withApp(values.data, async (app) => {
    const users = await adminSearchUsers(app, { sort: 'id', ...(values.admin ? { is_admin: true } : {}) });
    const rows = [['ID', 'Username', 'Email', 'IsActive', 'IsAdmin', '2FA']];
    for (const u of users) rows.push([String(u.id), u.name, u.email, String(u.is_active), String(u.is_admin), String(u.totp_secret !== null)]);
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    process.stdout.write(rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n');
  });
}

/** The one user named by --id, --username or --email; when several are given they must all name it. */
async function pickUser(app: AppContext, v: { id?: string | undefined; username?: string | undefined; email?: string | undefined }): Promise<UserRecord> {
  if (!v.id && !v.username && !v.email) throw new TypeError('user delete needs --id, --username or --email');
  const found = [
    v.id ? await userStore.getById(app.store, Number(v.id)) : undefined,
    v.username ? await getIndividualOrThrow(app, v.username) : undefined,
    v.email ? await userStore.getByEmail(app.store, v.email) : undefined,
  ];
  const given = [v.id, v.username, v.email];
  const user = found.find((u) => u);
  if (!user || found.some((u, i) => given[i] && u?.id !== user.id)) throw new TypeError('the given --id, --username and --email do not name one user');
  return user;
}

async function remove(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { id: { type: 'string' }, username: { type: 'string' }, email: { type: 'string' }, purge: { type: 'boolean', default: false }, ...DATA },
  });
  await withApp(values.data, async (app) => {
    await deleteUser(app, null, await pickUser(app, values), values.purge);
  });
}

async function changePassword(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { username: { type: 'string' }, password: { type: 'string' }, 'must-change-password': { type: 'boolean', default: false }, ...DATA },
  });
  if (!values.username || !values.password) throw new TypeError('user change-password needs --username and --password');
  const { username, password } = values;
  await withApp(values.data, async (app) => {
    const user = await getIndividualOrThrow(app, username);
    await editUser(app, user, { password, must_change_password: values['must-change-password'] });
    process.stdout.write(`${user.name}'s password has been successfully updated!\n`);
  });
}

async function generateAccessToken(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: 'string' }, 'token-name': { type: 'string', default: 'gitea-admin' }, scopes: { type: 'string', default: 'all' },
      raw: { type: 'boolean', default: false }, ...DATA,
    },
  });
  if (!values.username) throw new TypeError('user generate-access-token needs --username');
  const username = values.username;
  await withApp(values.data, async (app) => {
    const owner = await getIndividualOrThrow(app, username);
    const { value } = await createToken(app, owner, values['token-name'], values.scopes.split(','));
    process.stdout.write(values.raw ? `${value}\n` : `Access token was successfully created: ${value}\n`);
  });
}

export const userCommands: Record<string, Command> = {
  'user create': create,
  'user list': list,
  'user delete': remove,
  'user change-password': changePassword,
  'user generate-access-token': generateAccessToken,
};
