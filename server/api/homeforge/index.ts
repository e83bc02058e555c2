/**
 * /api/homeforge/*: admin and account endpoints Gitea has no REST API for (two-factor enrolment, login
 * sources, host settings, webhook deliveries ...). Same route definitions and rules as /api/v1.
 */
import type { RouteDef } from '../v1/route.ts';

export const HOMEFORGE_ROUTES: RouteDef[] = [];
