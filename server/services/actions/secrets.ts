/**
 * Actions secrets of a repository, a user or an organization (Gitea's services/secrets): create or update, list,
 * delete. Values are sealed with the data dir's secret box before they are stored and are never returned.
 */
import type { AppContext } from '../context.ts';
import * as secretStore from '../../store/action-secrets.ts';
import type { ActionScope, ActionSecretRecord } from '../../store/action-secrets.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { DATA_MAX, cutDescription, validateName } from './names.ts';

export type { ActionScope };

/** Gitea's answer for a secret that does not exist. */
const notFound = (name: string) => new NotFoundError(`secret was not found [name: ${name.toUpperCase()}]`);

/** Creates the secret or replaces its value and description; `created` tells which (Gitea's 201 or 204). */
export async function createOrUpdateSecret(app: AppContext, scope: ActionScope, name: string, data: string, description?: string): Promise<{ created: boolean }> {
  validateName(name, 'secret');
  // Gitea counts bytes here (len(data) in Go).
  if (Buffer.byteLength(data, 'utf8') > DATA_MAX) throw new BadRequestError('data too long');
  const upper = name.toUpperCase();
  const sealed = app.secrets.encrypt(data);
  const desc = cutDescription(description);
  for (;;) {
    const existing = await secretStore.getByName(app.store, scope, upper);
    if (existing) {
      const changed = await secretStore.update(app.store, existing.id, (s) => { s.data = sealed; s.description = desc; });
      if (changed) return { created: false };
      continue;
    }
    try {
      await secretStore.insert(app.store, (id) => ({
        id, owner_id: 'ownerId' in scope ? scope.ownerId : 0, repo_id: 'repoId' in scope ? scope.repoId : 0,
        name: upper, data: sealed, description: desc, created: new Date().toISOString(),
      }));
      return { created: true };
    } catch (err) {
      // Another request created it meanwhile: this one updates it.
      if (!isUniqueViolation(err)) throw err;
    }
  }
}

/** The secrets of a scope, by name; the records still hold the sealed values, which convert never copies. */
export async function listSecrets(app: AppContext, scope: ActionScope): Promise<ActionSecretRecord[]> {
  return (await secretStore.listOf(app.store, scope)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Deletes the scope's secret of that name (never one of another scope with the same name): 400 for a bad name, 404 when missing. */
export async function deleteSecret(app: AppContext, scope: ActionScope, name: string): Promise<void> {
  validateName(name, 'secret');
  const s = await secretStore.getByName(app.store, scope, name.toUpperCase());
  if (!s) throw notFound(name);
  await secretStore.remove(app.store, s.id);
}

/** The decrypted values of a scope's secrets by name, for a run. */
export async function openSecrets(app: AppContext, scope: ActionScope): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const s of await secretStore.listOf(app.store, scope)) out.set(s.name, app.secrets.decrypt(s.data));
  return out;
}

/** Forgets every secret of a deleted repository, user or organization. */
export async function removeScopeSecrets(app: AppContext, scope: ActionScope): Promise<void> {
  await secretStore.removeOf(app.store, scope);
}
