/**
 * `/{owner}/{repo}/compare/{a}...{b}` (the `compare_url` of push webhooks): the commits in b that a lacks.
 * The host has no compare API yet, so b's history is read page by page until a is met. Diffs go in <CompareDiff>.
 */
import { useParams } from 'react-router';
import { seg } from '../../api/client.ts';
import type { Commit } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { useLoad } from '../../use-load.ts';
import { CommitRow } from './CommitRow.tsx';
import { useRepo } from './repo-context.tsx';

const PAGE = 50;
const MAX_PAGES = 10;

/** Where the combined diff will be shown. */
export function CompareDiff(_props: { base: string; head: string }) {
  return null;
}

/** Splits `a...b` (or `a..b`). */
export function splitCompare(spec: string): { base: string; head: string } | null {
  const m = /^(.+?)\.\.\.?(.+)$/.exec(spec);
  return m ? { base: m[1]!, head: m[2]! } : null;
}

/** The compare page. */
export function ComparePage() {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const spec = splitCompare(useParams()['*'] ?? '');
  const result = useLoad(async () => {
    if (!spec) return null;
    const from = await api.get<Commit>(`${base}/git/commits/${seg(spec.base)}`, { query: { stat: false, files: false } });
    const list: Commit[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const got = await api.get<Commit[]>(`${base}/commits`, { query: { sha: spec.head, page, limit: PAGE, stat: false, files: false } });
      for (const c of got) {
        if (c.sha === from.sha) return { list, complete: true };
        list.push(c);
      }
      if (got.length < PAGE) return { list, complete: false };
    }
    return { list, complete: false };
  }, `${base}|compare|${spec?.base}|${spec?.head}`);
  if (!spec) return <p className="inline-error" role="alert">This address does not name two revisions to compare, as in <code>compare/main...feature</code>.</p>;
  const r = result.data;
  return (
    <section aria-labelledby="compare-title">
      <h2 id="compare-title">Comparing <code>{spec.base.slice(0, 12)}</code> with <code>{spec.head.slice(0, 12)}</code></h2>
      <ErrorAlert>{result.error ? `These revisions could not be compared: ${result.error}` : null}</ErrorAlert>
      {!r && !result.error ? <p role="status" className="loading">Loading commits…</p> : null}
      {r ? <p>{r.list.length} commit{r.list.length === 1 ? '' : 's'}{r.complete ? '' : `; ${spec.base.slice(0, 12)} is not in the history of ${spec.head.slice(0, 12)}${r.list.length >= PAGE * MAX_PAGES ? ' within the newest commits read' : ''}`}.</p> : null}
      {r?.list.length ? <ul className="commit-list card" aria-label="Compared commits">{r.list.map((c) => <CommitRow key={c.sha} c={c} />)}</ul> : null}
      <CompareDiff base={spec.base} head={spec.head} />
    </section>
  );
}
