/** Actions variables (Gitea's action_variable table): one document; a variable belongs to a repository or to an owner (user or organization). */
import { scopedTable, type ActionScopedRecord } from './action-scoped.ts';

export type { ActionScope } from './action-scoped.ts';

/** A variable; `data` is the value in plain text, as Gitea keeps it (variables are not secret). */
export type ActionVariableRecord = ActionScopedRecord;

export const { getByName, listOf, insert, update, remove, removeOf } = scopedTable<ActionVariableRecord>('action_variables');
