/**
 * The pages' view of react-router: the current path and search, navigate(), and <Link>. Pages import from here
 * so the router library stays behind one small surface; the route list itself is in `routes.tsx`.
 */
import { useMemo, type AnchorHTMLAttributes } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';

interface RouterValue {
  path: string;
  search: URLSearchParams;
  navigate(to: string, opts?: { replace?: boolean }): void;
}

/** The current location and navigate() (which scrolls to the top like a page load). */
export function useRouter(): RouterValue {
  const loc = useLocation();
  const go = useNavigate();
  return useMemo(() => ({
    path: loc.pathname,
    search: new URLSearchParams(loc.search),
    navigate: (to: string, opts: { replace?: boolean } = {}) => {
      void go(to, { replace: opts.replace ?? false });
      window.scrollTo(0, 0);
    },
  }), [loc.pathname, loc.search, go]);
}

/**
 * Reads and writes the `page` and `limit` search params of a list page. A second list on the same page keeps its
 * page in its own `param` (and its limit fixed).
 */
export function usePaging(defaultLimit: number, param = 'page'): { page: number; limit: number; setPage(p: number): void } {
  const [params, setParams] = useSearchParams();
  const num = (v: string | null, d: number) => {
    const n = Number.parseInt(v ?? '', 10);
    return Number.isFinite(n) && n > 0 ? n : d;
  };
  const page = num(params.get(param), 1);
  const limit = param === 'page' ? num(params.get('limit'), defaultLimit) : defaultLimit;
  const setPage = (p: number) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    if (p <= 1) next.delete(param);
    else next.set(param, String(p));
    return next;
  });
  return { page, limit, setPage };
}

/**
 * The filters of a list page in the search params (`?q=`, `?sort=`): `set` changes one (an empty value removes it)
 * and goes back to the first page, dropping the params named in `alsoClear` (a one-time notice) too.
 */
export function useUrlFilters(alsoClear: readonly string[] = []): { params: URLSearchParams; set(key: string, value: string): void } {
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    if (value) next.set(key, value);
    else next.delete(key);
    for (const stale of ['page', ...alsoClear]) next.delete(stale);
    return next;
  });
  return { params, set };
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** An <a> that navigates without a page load; marks itself as the current page. */
export function Link({ to, ...rest }: LinkProps) {
  const { pathname, search } = useLocation();
  const here = to === pathname || to === pathname + search;
  return <RouterLink to={to} aria-current={here ? 'page' : undefined} {...rest} />;
}
