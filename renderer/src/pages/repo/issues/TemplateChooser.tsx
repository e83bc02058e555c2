/** The choice of issue templates (Gitea's "choose" page): each template, the contact links, and a blank issue when allowed. */
import type { NewIssueTemplates } from '../../../../../server/structs/issue-template.ts';
import { Link } from '../../../router.tsx';

/** The template files that could not be used (shown to repository admins, who can fix them). */
export function TemplateErrors({ errors }: { errors: NewIssueTemplates['errors'] }) {
  if (!errors.length) return null;
  return (
    <div className="alert alert-error" role="status">
      <p>Some issue template files are not valid and are not offered:</p>
      <ul>{errors.map((e) => <li key={e.file_name}><code>{e.file_name}</code>: {e.message}</li>)}</ul>
    </div>
  );
}

/** The list of templates to start from. */
export function TemplateChooser({ view, base }: { view: NewIssueTemplates; base: string }) {
  const href = (file: string) => `${base}/issues/new?template=${encodeURIComponent(file)}`;
  return (
    <section className="card form-card" aria-labelledby="choose-template">
      <h2 id="choose-template">New issue</h2>
      <TemplateErrors errors={view.errors} />
      <ul className="template-list">
        {view.templates.map((t) => (
          <li key={t.file_name} className="template-choice">
            <div><strong>{t.name}</strong><p className="muted">{t.about}</p></div>
            <Link to={href(t.file_name)} className="btn btn-primary" aria-label={`Get started: ${t.name}`}>Get started</Link>
          </li>
        ))}
        {view.config.contact_links.map((l) => (
          <li key={`${l.name}|${l.url}`} className="template-choice">
            <div><strong>{l.name}</strong><p className="muted">{l.about}</p></div>
            <a href={l.url} className="btn" target="_blank" rel="noopener noreferrer">Open</a>
          </li>
        ))}
      </ul>
      {view.config.blank_issues_enabled ? <p><Link to={`${base}/issues/new?template=`}>Open a blank issue</Link></p> : null}
    </section>
  );
}
