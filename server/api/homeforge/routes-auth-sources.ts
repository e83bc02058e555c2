/** Login sources (LDAP, SPNEGO with SSPI), for site administrators: list, add, show, edit, delete. The bind password is write-only. */
import { z } from 'zod';
import { route } from '../router/route.ts';
import { json, noContent, paged } from '../router/respond.ts';
import type { LoginSourceRecord } from '../../store/records.ts';
import {
  createSource, createSourceSchema, deleteSource, getSource, listSources, sourceFieldsSchema, sourceType, updateSource,
} from '../../services/auth/login-sources.ts';
import { ValidationError } from '../../lib/errors.ts';
import { AuthSource } from '../../structs/homeforge.ts';
import { negotiateStatus, type NegotiateStatus } from '../../services/auth/negotiate.ts';
import type { AppContext } from '../../services/context.ts';

/** The SSPI settings and whether Negotiate can work on this host, for an SSPI source. */
function sspiPart(s: LoginSourceRecord, status: NegotiateStatus | null): Partial<AuthSource> {
  if (s.type !== 'sspi' || !s.sspi) return {};
  return { ...s.sspi, available: status?.available ?? false, ...(status?.reason ? { unavailable_reason: status.reason } : {}) };
}

/** The wire shape: the fields named after Gitea's add-ldap flags; `has_bind_password` instead of the password. */
export function toAuthSource(s: LoginSourceRecord, status: NegotiateStatus | null = null): AuthSource {
  return {
    ...sspiPart(s, status),
    id: s.id, type: sourceType(s), name: s.name, active: s.is_active, security_protocol: s.security_protocol,
    skip_tls_verify: s.skip_tls_verify, host: s.host, port: s.port, user_search_base: s.user_base, user_filter: s.filter,
    admin_filter: s.admin_filter, username_attribute: s.attribute_username, firstname_attribute: s.attribute_name,
    surname_attribute: s.attribute_surname, email_attribute: s.attribute_mail, bind_dn: s.bind_dn,
    has_bind_password: s.bind_password !== '', user_dn: s.user_dn, created: s.created, updated: s.updated,
  };
}

const idOf = (raw: string | undefined): number => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new ValidationError('[id]: must be a positive whole number');
  return id;
};

/** The records with the host's Negotiate status (read once) for SSPI sources. */
async function withStatus(app: AppContext, records: LoginSourceRecord[]): Promise<(s: LoginSourceRecord) => AuthSource> {
  const status = records.some((s) => s.type === 'sspi') ? await negotiateStatus(app) : null;
  return (s) => toAuthSource(s, status);
}

const EditSourceOption = sourceFieldsSchema;
const CreateSourceOption = createSourceSchema;

export const authSourceRoutes = [
  route({
    method: 'get', path: '/admin/auth-sources', operationId: 'homeforgeListAuthSources', access: 'admin', scope: 'admin', response: z.array(AuthSource),
    handler: async (ctx) => {
      const all = await listSources(ctx.app);
      paged(ctx, all, await withStatus(ctx.app, all));
    },
  }),
  route({
    method: 'post', path: '/admin/auth-sources', operationId: 'homeforgeCreateAuthSource', access: 'admin', scope: 'admin', status: 201, response: AuthSource,
    body: CreateSourceOption,
    handler: async (ctx) => {
      const s = await createSource(ctx.app, ctx.body);
      json(ctx, 201, (await withStatus(ctx.app, [s]))(s));
    },
  }),
  route({
    method: 'get', path: '/admin/auth-sources/:id', operationId: 'homeforgeGetAuthSource', access: 'admin', scope: 'admin', response: AuthSource,
    handler: async (ctx) => {
      const s = await getSource(ctx.app, idOf(ctx.params.id));
      json(ctx, 200, (await withStatus(ctx.app, [s]))(s));
    },
  }),
  route({
    method: 'patch', path: '/admin/auth-sources/:id', operationId: 'homeforgeEditAuthSource', access: 'admin', scope: 'admin', response: AuthSource,
    body: EditSourceOption,
    handler: async (ctx) => {
      const s = await updateSource(ctx.app, idOf(ctx.params.id), ctx.body);
      json(ctx, 200, (await withStatus(ctx.app, [s]))(s));
    },
  }),
  route({
    method: 'delete', path: '/admin/auth-sources/:id', operationId: 'homeforgeDeleteAuthSource', access: 'admin', scope: 'admin', status: 204,
    handler: async (ctx) => {
      await deleteSource(ctx.app, idOf(ctx.params.id));
      noContent(ctx);
    },
  }),
];
