/** Every package registry route under `/api/packages` (Gitea's routers/api/packages): generic and npm. */
import type { RouteDef } from '../router/route.ts';
import { genericRoutes } from './generic.ts';
import { npmRoutes } from './npm.ts';

export const PACKAGE_REGISTRY_ROUTES: RouteDef[] = [...genericRoutes, ...npmRoutes];
