/**
 * `npm run admin -- <group> <command> [flags]`, named after Gitea's `gitea admin` CLI:
 *   user create --username U --password P --email E [--admin] [--must-change-password]
 *   auth add-ldap --name N --host H --port P ...   (see server/cli/admin-auth.ts)
 *   backup --out FILE [--include-secrets]; restore --from FILE --data DIR   (see server/cli/admin-backup.ts)
 * Every command takes --data (default ./data). The host must not be running on that data dir.
 */
import { ServiceError } from './lib/errors.ts';
import { DataDirLockedError } from './lib/data-lock.ts';
import { SettingsError } from './lib/settings.ts';
import { COMMANDS, SINGLE_COMMANDS } from './cli/commands.ts';

const [group, command, ...rest] = process.argv.slice(2);
const single = SINGLE_COMMANDS[group ?? ''];
const run: ((args: string[]) => Promise<void>) | undefined = single
  ? (args) => single(command === undefined ? args : [command, ...args])
  : COMMANDS[`${group ?? ''} ${command ?? ''}`];
if (!run) {
  process.stderr.write(`usage: npm run admin -- <command> [flags]\ncommands:\n${[...Object.keys(COMMANDS), ...Object.keys(SINGLE_COMMANDS)].map((c) => `  ${c}`).join('\n')}\n`);
  process.exit(2);
}
try {
  await run(rest);
} catch (err) {
  if (err instanceof ServiceError || err instanceof DataDirLockedError || err instanceof SettingsError || err instanceof TypeError) {
    process.stderr.write(`error: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
