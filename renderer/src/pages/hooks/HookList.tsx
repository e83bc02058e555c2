/** The webhooks of one level (repository, organization, system or default), with the add form. */
import { useState } from 'react';
import type { Hook } from '../../api/types.ts';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { When } from '../../components/When.tsx';
import { Link } from '../../router.tsx';
import { Pager } from '../../components/Pager.tsx';
import { useList } from '../../use-list.ts';
import { HookForm } from './HookForm.tsx';

interface Props {
  /** e.g. `/api/v1/repos/o/r/hooks` */
  apiBase: string;
  /** e.g. `/o/r/hooks`: a hook's page is `${uiBase}/${id}`. */
  uiBase: string;
  query?: Record<string, string>;
  extraConfig?: Record<string, string>;
  /** What a hook at this level receives, for the empty state. */
  scopeWords: string;
}

/** Lists the hooks at `apiBase` and adds new ones. */
export function HookList({ apiBase, uiBase, query, extraConfig, scopeWords }: Props) {
  const [notice, setNotice] = useState<string | null>(null);
  const hooks = useList<Hook>(apiBase, query);
  return (
    <div>
      <Notice>{notice}</Notice>
      <ErrorAlert>{hooks.error}</ErrorAlert>
      <section className="card" aria-labelledby="hooks-title">
        <h2 id="hooks-title">Webhooks</h2>
        {hooks.items?.length === 0 ? <p className="muted">No webhooks yet. Add one below to have {scopeWords} sent to another program, such as a CI server or a chat.</p> : null}
        {hooks.items && hooks.items.length > 0 ? (
          <ul className="hook-list" aria-label="Webhooks">
            {hooks.items.map((h) => (
              <li key={h.id} className="hook-item">
                <Link to={`${uiBase}/${h.id}`} className="hook-url">{h.config.url}</Link>
                <div className="badges">
                  <span className="badge badge-muted">{h.type}</span>
                  {h.active ? <span className="badge badge-ok">active</span> : <span className="badge badge-warn">inactive</span>}
                  {h.events.slice(0, 4).map((e) => <span key={e} className="badge badge-muted">{e}</span>)}
                  {h.events.length > 4 ? <span className="badge badge-muted">+{h.events.length - 4}</span> : null}
                </div>
                <span className="muted hook-when">added <When iso={h.created_at} /></span>
              </li>
            ))}
          </ul>
        ) : null}
        {hooks.items ? <Pager list={hooks} /> : null}
      </section>
      <HookForm apiBase={apiBase} extraConfig={extraConfig} onCreated={(h) => { setNotice(`Added the webhook for ${h.config.url}.`); hooks.reload(); }} />
    </div>
  );
}
