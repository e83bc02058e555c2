/** The package guard: loads the owner of `:owner` and requires read or write on its packages. */
import type { ApiContext } from '../router/context.ts';
import type { Guard } from '../router/route.ts';
import { packageOwner, type PackageOwner } from '../../services/packages/access.ts';

/** Loads `:owner` and requires `need` on its packages (hidden owners are 404, anonymous writers 401). */
export function packageAccess(need: 'read' | 'write'): Guard {
  return async (ctx) => {
    ctx.locals.packageOwner = await packageOwner(ctx.app, ctx.params.owner ?? '', ctx.doer, need);
  };
}

/** The owner a package guard loaded. */
export function ownerOf(ctx: ApiContext<unknown, unknown>): PackageOwner {
  const o = ctx.locals.packageOwner as PackageOwner | undefined;
  if (!o) throw new Error('route has no package guard');
  return o;
}
