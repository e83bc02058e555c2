/** Every /api/v1 route, area by area. Each area file reads top to bottom: path, access, scope, handler. */
import type { RouteDef } from './route.ts';
import { miscRoutes } from './routes-misc.ts';
import { repoRoutes } from './routes-repos.ts';
import { userRoutes } from './routes-users.ts';
import { adminUserRoutes } from './routes-admin-users.ts';
import { tokenRoutes } from './routes-tokens.ts';
import { repoGitRoutes } from './routes-repo-git.ts';
import { watchRoutes } from './routes-watch.ts';
import { hookRoutes } from './routes-hooks.ts';
import { hookDeliveryRoutes } from './routes-hook-deliveries.ts';
import { orgRoutes } from './routes-orgs.ts';
import { orgMemberRoutes } from './routes-org-members.ts';
import { teamRoutes } from './routes-teams.ts';
import { collaboratorRoutes } from './routes-collaborators.ts';
import { mirrorRoutes } from './routes-mirrors.ts';

export const API_V1_ROUTES: RouteDef[] = [
  ...miscRoutes,
  ...orgRoutes,
  ...orgMemberRoutes,
  ...teamRoutes,
  ...collaboratorRoutes,
  ...repoRoutes,
  ...userRoutes,
  ...adminUserRoutes,
  ...tokenRoutes,
  ...repoGitRoutes,
  ...watchRoutes,
  ...hookRoutes,
  ...hookDeliveryRoutes,
  ...mirrorRoutes,
];
