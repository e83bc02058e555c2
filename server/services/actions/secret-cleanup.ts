/** Secrets and variables go with the repository, user or organization they belong to. */
import type { AppContext } from '../context.ts';
import { removeScopeSecrets } from './secrets.ts';
import { removeScopeVariables } from './variables.ts';

/** Forgets a deleted repository's secrets and variables. */
export function subscribeActionSecrets(app: AppContext): void {
  app.bus.subscribe('repo.deleted', 'action-secrets', async (e) => {
    await removeScopeSecrets(app, { repoId: e.repo.id });
    await removeScopeVariables(app, { repoId: e.repo.id });
  });
}

/** Forgets the secrets and variables of a user or organization being deleted. */
export async function deleteOwnerActionSecrets(app: AppContext, ownerId: number): Promise<void> {
  await removeScopeSecrets(app, { ownerId });
  await removeScopeVariables(app, { ownerId });
}
