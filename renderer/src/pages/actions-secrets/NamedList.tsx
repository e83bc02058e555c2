/** What the secrets and the variables panels share: delete by name with its notice, and the card listing the names. */
import { useState, type ReactNode } from 'react';
import { errorText, seg } from '../../api/client.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { Pager } from '../../components/Pager.tsx';
import type { ListPage } from '../../use-list.ts';


/** The panel's notice and error, and `remove(name)`: DELETE `${base}/{name}`, then the list again. */
export function useNamedRemove(base: string, noun: string, list: { reload(): void }) {
  const { api } = useAuth();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = async (name: string): Promise<void> => {
    setError(null);
    try {
      await api.delete(`${base}/${seg(name)}`);
      setNotice(`Deleted the ${noun} ${name}.`);
      list.reload();
    } catch (err) {
      setError(`The ${noun} ${name} was not deleted: ${errorText(err)}`);
    }
  };
  return { notice, setNotice, error, remove };
}

interface NamedListProps<T> {
  /** The card's heading, plural ("Secrets"). */
  title: string;
  list: ListPage<T>;
  notice: string | null;
  error: string | null;
  /** The column headings after Name; an Actions column follows them. */
  columns: string[];
  /** One row: a `<tr>` whose first cell is the name's `<th scope="row">`. */
  row(item: T): ReactNode;
}

/** The notice, the error and the card with a table of the items, or a line saying there are none. */
export function NamedList<T>({ title, list, notice, error, columns, row }: NamedListProps<T>) {
  const id = `${title.toLowerCase()}-title`;
  const lower = title.toLowerCase();
  return (
    <>
      <Notice>{notice}</Notice>
      <ErrorAlert>{list.error ?? error}</ErrorAlert>
      <section className="card" aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        {list.items && list.items.length === 0 ? <p className="muted">No {lower} yet.</p> : null}
        {list.items && list.items.length > 0 ? (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  {columns.map((c) => <th key={c} scope="col">{c}</th>)}
                  <th scope="col"><span className="visually-hidden">Actions</span></th>
                </tr>
              </thead>
              <tbody>{list.items.map(row)}</tbody>
            </table>
          </div>
        ) : null}
        {list.items ? <Pager list={list} /> : <p role="status" className="loading">Loading {lower}…</p>}
      </section>
    </>
  );
}
