/** The signed-in frame: skip link, header with navigation and account, the main landmark. */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useRouter } from '../router.tsx';
import { useAuth } from '../auth.tsx';
import { isDesktop } from '../session.ts';
import { Avatar } from './Avatar.tsx';
import { NotificationLink } from './NotificationLink.tsx';

function NavLink({ to, children, prefix }: { to: string; children: ReactNode; prefix?: string }) {
  const { path } = useRouter();
  const active = prefix ? path.startsWith(prefix) : path === to;
  return <li><Link to={to} className={active ? 'active' : undefined}>{children}</Link></li>;
}

/** Wraps every page (signed in, or a public page for a visitor); moves focus to the main region when the page changes. */
export function Layout({ children }: { children: ReactNode }) {
  const { state, signOut } = useAuth();
  const user = state.kind === 'signed-in' ? state.user : null;
  // Until a required password change is done the host refuses everything else: only signing out is offered.
  const locked = state.kind === 'signed-in' && !!state.mustChangePassword;
  const { path, navigate } = useRouter();
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus();
  }, [path]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="topbar">
        <Link to="/" className="brand" aria-label="Homeforge home"><span className="brand-mark" aria-hidden="true">⌂</span> Homeforge</Link>
        {locked ? null : (
          <nav aria-label="Main">
            <ul>
              <NavLink to="/">Repositories</NavLink>
              <NavLink to="/explore/repos" prefix="/explore">Explore</NavLink>
              {user ? <NavLink to="/repo/create">New repository</NavLink> : null}
              {user ? <NavLink to="/org/create">New organization</NavLink> : null}
              {user ? <NavLink to="/user/settings" prefix="/user/settings">Settings</NavLink> : null}
              {user?.is_admin ? <NavLink to="/-/admin/users" prefix="/-/admin">Site administration</NavLink> : null}
            </ul>
          </nav>
        )}
        {user ? (
          <div className="account">
            {locked ? null : <NotificationLink />}
            <Avatar url={user.avatar_url} size={24} className="account-avatar" />
            <span className="account-name">Signed in as {locked ? <strong>{user.login}</strong> : <Link to={`/${encodeURIComponent(user.login)}`}><strong>{user.login}</strong></Link>}{user.is_admin ? <span className="badge">admin</span> : null}</span>
            {isDesktop() ? null : <button type="button" className="btn btn-small" onClick={() => { void signOut().then(() => navigate('/')); }}>Sign out</button>}
          </div>
        ) : (
          <div className="account"><Link to={`/user/login?redirect_to=${encodeURIComponent(path)}`} className="btn btn-small">Sign in</Link></div>
        )}
      </header>
      <main id="main" ref={mainRef} tabIndex={-1}>{children}</main>
    </div>
  );
}

/** A page's heading, document title and optional actions beside the heading. */
export function Page({ title, heading, actions, children, narrow }: { title: string; heading?: ReactNode; actions?: ReactNode; children: ReactNode; narrow?: boolean }) {
  useEffect(() => {
    document.title = `${title} · Homeforge`;
  }, [title]);
  return (
    <div className={`page${narrow ? ' page-narrow' : ''}`}>
      <div className="page-head">
        <h1>{heading ?? title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** Secondary navigation inside an area (Settings, Site administration). */
export function SubNav({ label, items }: { label: string; items: { to: string; text: string; prefix?: string }[] }) {
  const { path } = useRouter();
  return (
    <nav aria-label={label} className="subnav">
      <ul>
        {items.map((i) => <li key={i.to}><Link to={i.to} className={path === i.to || (i.prefix && path.startsWith(i.prefix)) ? 'active' : undefined}>{i.text}</Link></li>)}
      </ul>
    </nav>
  );
}
