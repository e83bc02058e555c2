/** Locking (writers only; a locked issue takes comments from writers only) and pinning (writers only, ordered). */
import type { AppContext } from '../context.ts';
import * as issueStore from '../../store/issues.ts';
import type { IssueRecord } from '../../store/issues.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { canWriteIssues } from './view.ts';
import { getIssue, type IssueScope } from './issues.ts';
import { recordEvent } from './timeline.ts';

/** Gitea's MaxPinned default. */
const MAX_PINNED = 3;

function assertWriter(s: IssueScope): void {
  if (!canWriteIssues(s.perm)) throw new ForbiddenError('user should have permission to write to the issue');
}

/** Locks or unlocks an issue's conversation. */
export async function setLocked(app: AppContext, s: IssueScope, index: number, locked: boolean, reason = ''): Promise<void> {
  assertWriter(s);
  const before = await getIssue(app, s.repo.id, index);
  await issueStore.update(app.store, s.repo.id, index, (r) => { r.is_locked = locked; });
  if (before.is_locked !== locked) await recordEvent(app, s.repo.id, index, s.doer!.id, locked ? 'lock' : 'unlock', {}, reason);
}

/** The repository's pinned issues, in pin order. */
export async function listPinned(app: AppContext, repoId: number, isPull: boolean): Promise<IssueRecord[]> {
  const { rows } = await issueStore.list(app.store, repoId, { state: 'all', isPull });
  return rows.filter((r) => r.pin_order > 0).sort((a, b) => a.pin_order - b.pin_order);
}

/** Pins an issue last (at most three per repository, as Gitea), unpins it, or moves it to `position`. */
export async function setPin(app: AppContext, s: IssueScope, index: number, op: 'pin' | 'unpin' | 'move', position = 0): Promise<void> {
  assertWriter(s);
  const issue = await getIssue(app, s.repo.id, index);
  const pinned = (await listPinned(app, s.repo.id, issue.is_pull)).filter((r) => r.index !== index);
  if (op === 'pin' && issue.pin_order === 0 && pinned.length >= MAX_PINNED) throw new ValidationError('You can only pin up to 3 issues');
  if (op === 'move' && issue.pin_order === 0) throw new ValidationError('issue is not pinned');
  const order = op === 'unpin' ? pinned : [...pinned];
  if (op !== 'unpin') order.splice(op === 'move' ? Math.max(0, Math.min(order.length, position - 1)) : order.length, 0, issue);
  if (op === 'pin' && issue.pin_order > 0) return;
  for (const [i, r] of order.entries()) if (r.pin_order !== i + 1) await issueStore.update(app.store, s.repo.id, r.index, (x) => { x.pin_order = i + 1; });
  if (op === 'unpin') await issueStore.update(app.store, s.repo.id, index, (x) => { x.pin_order = 0; });
  if (op === 'pin' || (op === 'unpin' && issue.pin_order > 0)) await recordEvent(app, s.repo.id, index, s.doer!.id, op);
}
