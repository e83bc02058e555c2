/** Maps stored secrets and variables to Gitea's `Secret` (never the value) and `ActionVariable`. */
import type { ActionSecretRecord } from '../store/action-secrets.ts';
import type { ActionVariableRecord } from '../store/action-variables.ts';
import type { ActionVariable, Secret } from '../structs/action-secret.ts';

/** Gitea's `Secret`: name, description, created; the sealed value stays behind. */
export function toSecret(s: ActionSecretRecord): Secret {
  return { name: s.name, description: s.description, created_at: s.created };
}

/** Gitea's `ActionVariable`. */
export function toActionVariable(v: ActionVariableRecord): ActionVariable {
  return { owner_id: v.owner_id, repo_id: v.repo_id, name: v.name, data: v.data, description: v.description };
}
