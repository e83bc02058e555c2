/** The task service behind the runner protocol. Until jobs exist no runner gets a task. */
import type { RunnerTaskSource } from './runner-task-source.ts';
import { NotFoundError } from '../../lib/errors.ts';

export const runnerTaskSource: RunnerTaskSource = {
  pickTask: () => Promise.resolve(null),
  updateTask: () => Promise.reject(new NotFoundError('task not found')),
  updateLog: () => Promise.reject(new NotFoundError('task not found')),
};
