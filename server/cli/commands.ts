/** The admin CLI's commands, "group command" → runner. Each command parses its own flags. */
import { userCommands } from './admin-user.ts';

export type Command = (args: string[]) => Promise<void>;

export const COMMANDS: Record<string, Command> = {
  ...userCommands,
};
