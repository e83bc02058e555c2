/**
 * Actions variables of a repository, a user or an organization (Gitea's services/actions/variables.go): list, get,
 * create, update (with rename), delete. Values are plain text, as Gitea keeps them, and are returned.
 */
import type { AppContext } from '../context.ts';
import * as variableStore from '../../store/action-variables.ts';
import type { ActionScope, ActionVariableRecord } from '../../store/action-variables.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { DATA_MAX, cutDescription, validateName } from './names.ts';

/** Gitea keeps a textarea's line breaks as \n (util.ReserveLineBreakForTextarea). */
const lineBreaks = (data: string): string => data.replace(/\r\n/g, '\n');

function checkData(data: string): string {
  const d = lineBreaks(data);
  // Gitea counts characters here (utf8.RuneCountInString).
  if (d.length > DATA_MAX && Array.from(d).length > DATA_MAX) throw new BadRequestError('data too long');
  return d;
}

const exists = (name: string) => new ConflictError(`variable name ${name} already exists`);

/** The variables of a scope, by name. */
export async function listVariables(app: AppContext, scope: ActionScope): Promise<ActionVariableRecord[]> {
  return (await variableStore.listOf(app.store, scope)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The scope's variable of that name (any case): 404 when missing. */
export async function getVariable(app: AppContext, scope: ActionScope, name: string): Promise<ActionVariableRecord> {
  const v = await variableStore.getByName(app.store, scope, name.toUpperCase());
  if (!v) throw new NotFoundError('variable not found');
  return v;
}

/** Creates a variable: 409 when the name is taken, 400 for a bad name or a value too long (Gitea's order of checks). */
export async function createVariable(app: AppContext, scope: ActionScope, name: string, value: string, description?: string): Promise<ActionVariableRecord> {
  const upper = name.toUpperCase();
  if (await variableStore.getByName(app.store, scope, upper)) throw exists(name);
  validateName(name, 'variable');
  const data = checkData(value);
  try {
    return await variableStore.insert(app.store, (id) => ({
      id, owner_id: 'ownerId' in scope ? scope.ownerId : 0, repo_id: 'repoId' in scope ? scope.repoId : 0,
      name: upper, data, description: cutDescription(description), created: new Date().toISOString(),
    }));
  } catch (err) {
    if (isUniqueViolation(err)) throw exists(name);
    throw err;
  }
}

/** Changes a variable's value and description, and renames it when `newName` is given: 404 when missing, 400 for a bad name, 409 for a taken one. */
export async function updateVariable(
  app: AppContext, scope: ActionScope, name: string, opt: { name?: string | undefined; value: string; description?: string | undefined },
): Promise<ActionVariableRecord> {
  const v = await getVariable(app, scope, name);
  const target = opt.name || name;
  validateName(target, 'variable');
  const data = checkData(opt.value);
  try {
    const changed = await variableStore.update(app.store, v.id, (r) => {
      r.name = target.toUpperCase();
      r.data = data;
      r.description = cutDescription(opt.description);
    });
    if (!changed) throw new NotFoundError('variable not found');
    return changed;
  } catch (err) {
    // Gitea answers a rename onto a taken name with the database's 500; a conflict says what happened.
    if (isUniqueViolation(err)) throw exists(target);
    throw err;
  }
}

/** Deletes the scope's variable of that name: 400 for a bad name, 404 when missing. */
export async function deleteVariable(app: AppContext, scope: ActionScope, name: string): Promise<void> {
  validateName(name, 'variable');
  const v = await getVariable(app, scope, name);
  await variableStore.remove(app.store, v.id);
}

/** The values of a scope's variables by name, for a run. */
export async function variableValues(app: AppContext, scope: ActionScope): Promise<Map<string, string>> {
  return new Map((await variableStore.listOf(app.store, scope)).map((v) => [v.name, v.data]));
}

/** Forgets every variable of a deleted repository, user or organization. */
export async function removeScopeVariables(app: AppContext, scope: ActionScope): Promise<void> {
  await variableStore.removeOf(app.store, scope);
}
