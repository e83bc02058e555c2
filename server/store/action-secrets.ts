/** Actions secrets (Gitea's secret table): one document; a secret belongs to a repository or to an owner (user or organization). */
import { scopedTable, type ActionScopedRecord } from './action-scoped.ts';

export type { ActionScope } from './action-scoped.ts';

/** A secret; `data` is the value sealed with the data dir's secret box, never returned. */
export type ActionSecretRecord = ActionScopedRecord;

export const { getByName, listOf, insert, update, remove, removeOf } = scopedTable<ActionSecretRecord>('action_secrets');
