/** The frame of the signed-out pages (sign-in, first run): one centred card in the main landmark. */
import { useEffect, type ReactNode } from 'react';

/** A centred card with the product name, a heading and the page's form. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Homeforge`;
  }, [title]);
  return (
    <main id="main" className="auth-main">
      <div className="auth-card">
        <p className="auth-brand"><span className="brand-mark" aria-hidden="true">⌂</span> Homeforge</p>
        <h1>{title}</h1>
        {intro ? <div className="auth-intro">{intro}</div> : null}
        {children}
      </div>
    </main>
  );
}
