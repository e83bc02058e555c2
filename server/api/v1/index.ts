/** Every /api/v1 route, area by area. Each area file reads top to bottom: path, access, scope, handler. */
import type { RouteDef } from './route.ts';
import { miscRoutes } from './routes-misc.ts';
import { userRoutes } from './routes-users.ts';
import { adminUserRoutes } from './routes-admin-users.ts';
import { tokenRoutes } from './routes-tokens.ts';

export const API_V1_ROUTES: RouteDef[] = [
  ...miscRoutes,
  ...userRoutes,
  ...adminUserRoutes,
  ...tokenRoutes,
];
