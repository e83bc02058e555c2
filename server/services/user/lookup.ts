/** Finding users and organizations by name or id, for layers above services (guards, handlers) that must not read the store. */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';

/** The user or organization named `name` (case-insensitively), or undefined. */
export const findUserByName = (app: AppContext, name: string): Promise<UserRecord | undefined> => userStore.getByName(app.store, name);

/** The user or organization with this id, or undefined. */
export const findUserById = (app: AppContext, id: number): Promise<UserRecord | undefined> => userStore.getById(app.store, id);

/** findUserByName() for read-only use: a shared frozen record, no copy (it throws on an edit). */
export const peekUserByName = (app: AppContext, name: string): Promise<UserRecord | undefined> => userStore.peekByName(app.store, name);
