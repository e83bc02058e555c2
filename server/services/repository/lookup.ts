/** Finding repository records, for layers above services (guards, handlers) that must not read the store. */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';

/** The repository `name` of owner `ownerId` (case-insensitively), or undefined. */
export const findRepository = (app: AppContext, ownerId: number, name: string): Promise<RepoRecord | undefined> =>
  repoStore.getByOwnerAndName(app.store, ownerId, name);

/** findRepository() for read-only use: a shared frozen record, no copy (it throws on an edit). */
export const peekRepository = (app: AppContext, ownerId: number, name: string): Promise<RepoRecord | undefined> =>
  repoStore.peekByOwnerAndName(app.store, ownerId, name);
