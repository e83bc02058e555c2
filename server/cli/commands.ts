/** The admin CLI's commands, "group command" → runner. Each command parses its own flags. */
import { userCommands } from './admin-user.ts';
import { authCommands } from './admin-auth.ts';
import { backupCommands } from './admin-backup.ts';

export type Command = (args: string[]) => Promise<void>;

export const COMMANDS: Record<string, Command> = {
  ...userCommands,
  ...authCommands,
};

/** Commands of one word (`backup --out FILE`, `restore --from FILE --data DIR`). */
export const SINGLE_COMMANDS: Record<string, Command> = backupCommands;
