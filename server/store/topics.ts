/**
 * Topic records (Gitea's topic table): one per name ever given to a repository, for its id and times in the topic
 * search. Which repositories have a topic is kept on the repository records (`RepoRecord.topics`). Small: one document.
 */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';

export interface TopicRecord {
  id: number;
  name: string;
  created: string;
  /** When a repository last gained or lost the topic. */
  updated: string;
}

const NAME_INDEX = 'name';
const table = new Table<TopicRecord>('topics', { unique: [{ name: NAME_INDEX, key: (t) => t.name }] });

/** The topics whose names `where` accepts, by id. */
export const list = (store: Store, where: (t: TopicRecord) => boolean) => table.list(store, where);

/** The topic record of `name`, or undefined. */
export const getByName = (store: Store, name: string) => table.getBy(store, NAME_INDEX, name);

/** Records a new topic; a name recorded already is a UniqueViolation. */
export const insert = (store: Store, name: string, at: string) => table.insert(store, (id) => ({ id, name, created: at, updated: at }));

/** Sets the topic's `updated` time. */
export const touch = (store: Store, id: number, at: string) => table.update(store, id, (t) => { t.updated = at; });
