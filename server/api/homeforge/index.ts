/**
 * /api/homeforge/*: admin and account endpoints Gitea has no REST API for (two-factor enrolment, login
 * sources, host settings, webhook deliveries ...). Same route definitions and rules as /api/v1.
 */
import type { RouteDef } from '../router/route.ts';
import { sessionRoutes } from './routes-session.ts';
import { twoFactorRoutes } from './routes-two-factor.ts';
import { authSourceRoutes } from './routes-auth-sources.ts';
import { mirrorStatusRoutes } from './routes-mirrors.ts';
import { settingsRoutes } from './routes-settings.ts';
import { backupRoutes } from './routes-backups.ts';
import { housekeepingRoutes } from './routes-housekeeping.ts';
import { accountRoutes } from './routes-account.ts';
import { transferCancelRoutes } from './routes-transfer.ts';
import { userSecretListRoutes } from '../v1/actions/secrets.ts';
import { runnerTokenRoutes } from './routes-runners.ts';
import { actionRoutesHomeforge } from './routes-actions.ts';
import { issueTemplateViewRoutes } from './routes-issue-templates.ts';

export const HOMEFORGE_ROUTES: RouteDef[] = [
  ...sessionRoutes,
  ...twoFactorRoutes,
  ...authSourceRoutes,
  ...mirrorStatusRoutes,
  ...settingsRoutes,
  ...backupRoutes,
  ...housekeepingRoutes,
  ...accountRoutes,
  ...transferCancelRoutes,
  ...userSecretListRoutes,
  ...runnerTokenRoutes,
  ...actionRoutesHomeforge,
  ...issueTemplateViewRoutes,
];
