/** `npm run admin -- user create ...`: creates a user in the data dir. */
import { parseArgs } from 'node:util';
import { openForCli } from './context.ts';
import { createUser } from '../services/users.ts';
import type { Command } from './commands.ts';

async function create(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      admin: { type: 'boolean', default: false },
      'must-change-password': { type: 'boolean', default: false },
      data: { type: 'string', default: './data' },
    },
  });
  if (!values.username || !values.email || !values.password) {
    throw new TypeError('user create needs --username, --password and --email');
  }
  const { app, close } = await openForCli(values.data);
  try {
    const user = await createUser(app, {
      username: values.username, password: values.password, email: values.email,
      is_admin: values.admin, must_change_password: values['must-change-password'],
    });
    process.stdout.write(`New user '${user.name}' has been successfully created!\n`);
  } finally {
    await close();
  }
}

export const userCommands: Record<string, Command> = {
  'user create': create,
};
