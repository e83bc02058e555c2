/** The page for an address no route knows, or one the visitor may not open. */
import { Page } from '../components/Layout.tsx';
import { Link } from '../router.tsx';

/** "Page not found" with `message` and a way home. */
export function NotFoundPage({ message }: { message: string }) {
  return (
    <Page title="Page not found">
      <p>{message}</p>
      <p><Link to="/">Go to the start page</Link></p>
    </Page>
  );
}
