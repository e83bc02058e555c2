/** Reactions to an issue or a comment: each kind with its count, pressed when it is the viewer's; add and remove. */
import type { Reaction } from '../../../api/types.ts';
import { useAuth } from '../../../auth.tsx';
import { useLoad } from '../../../use-load.ts';

/** Gitea's default `[ui] REACTIONS`, with how they are drawn. */
const KINDS: [string, string][] = [['+1', '👍'], ['-1', '👎'], ['laugh', '😄'], ['hooray', '🎉'], ['confused', '😕'], ['heart', '❤️'], ['rocket', '🚀'], ['eyes', '👀']];
const emoji = (c: string) => KINDS.find(([k]) => k === c)?.[1] ?? c;

/** The reactions at API path `path` (`.../reactions`) of the thing named `label`. */
export function Reactions({ path, label, onError }: { path: string; label: string; onError(message: string): void }) {
  const { api, state } = useAuth();
  const list = useLoad(() => api.get<Reaction[]>(path), `${path}|reactions`);
  const me = state.kind === 'signed-in' ? state.user.login : null;
  const groups = new Map<string, string[]>();
  for (const r of list.data ?? []) groups.set(r.content, [...(groups.get(r.content) ?? []), r.user.login]);
  const toggle = async (content: string, mine: boolean) => {
    try {
      if (mine) await api.request('DELETE', path, { body: { content } });
      else await api.post(path, { content });
      list.reload();
    } catch (err) {
      onError(`The reaction was not changed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return (
    <div className="row-actions reactions" role="group" aria-label={`Reactions to ${label}`} style={{ justifyContent: 'flex-start' }}>
      {[...groups].map(([content, who]) => {
        const mine = me !== null && who.includes(me);
        return (
          <button key={content} type="button" className="btn btn-small" aria-pressed={mine} disabled={!me} title={who.join(', ')} onClick={() => void toggle(content, mine)}>
            <span aria-hidden="true">{emoji(content)} <small>{content}</small></span> {who.length}<span className="visually-hidden"> {content}</span>
          </button>
        );
      })}
      {me ? (
        <details>
          <summary>React <span className="visually-hidden">to {label}</span></summary>
          {KINDS.map(([k, e]) => (
            <button key={k} type="button" className="btn btn-small" aria-label={`React with ${k}`} onClick={() => void toggle(k, (groups.get(k) ?? []).includes(me))}>
              <span aria-hidden="true">{e} <small>{k}</small></span>
            </button>
          ))}
        </details>
      ) : null}
    </div>
  );
}
