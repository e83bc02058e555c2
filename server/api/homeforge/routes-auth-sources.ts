/** LDAP login sources, for site administrators: list, add, show, edit, delete. The bind password is write-only. */
import { z } from 'zod';
import { route } from '../router/route.ts';
import { json, noContent, paged } from '../router/respond.ts';
import type { LoginSourceRecord } from '../../store/records.ts';
import {
  createSource, createSourceSchema, deleteSource, getSource, listSources, sourceFieldsSchema, sourceType, updateSource,
} from '../../services/auth/login-sources.ts';
import { ValidationError } from '../../lib/errors.ts';
import { AuthSource } from '../../structs/homeforge.ts';

/** The wire shape: the fields named after Gitea's add-ldap flags; `has_bind_password` instead of the password. */
export function toAuthSource(s: LoginSourceRecord): AuthSource {
  return {
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

const EditSourceOption = sourceFieldsSchema;
const CreateSourceOption = createSourceSchema;

export const authSourceRoutes = [
  route({
    method: 'get', path: '/admin/auth-sources', operationId: 'homeforgeListAuthSources', access: 'admin', scope: 'admin', response: z.array(AuthSource),
    handler: async (ctx) => paged(ctx, await listSources(ctx.app), toAuthSource),
  }),
  route({
    method: 'post', path: '/admin/auth-sources', operationId: 'homeforgeCreateAuthSource', access: 'admin', scope: 'admin', status: 201, response: AuthSource,
    body: CreateSourceOption,
    handler: async (ctx) => json(ctx, 201, toAuthSource(await createSource(ctx.app, ctx.body))),
  }),
  route({
    method: 'get', path: '/admin/auth-sources/:id', operationId: 'homeforgeGetAuthSource', access: 'admin', scope: 'admin', response: AuthSource,
    handler: async (ctx) => json(ctx, 200, toAuthSource(await getSource(ctx.app, idOf(ctx.params.id)))),
  }),
  route({
    method: 'patch', path: '/admin/auth-sources/:id', operationId: 'homeforgeEditAuthSource', access: 'admin', scope: 'admin', response: AuthSource,
    body: EditSourceOption,
    handler: async (ctx) => json(ctx, 200, toAuthSource(await updateSource(ctx.app, idOf(ctx.params.id), ctx.body))),
  }),
  route({
    method: 'delete', path: '/admin/auth-sources/:id', operationId: 'homeforgeDeleteAuthSource', access: 'admin', scope: 'admin', status: 204,
    handler: async (ctx) => {
      await deleteSource(ctx.app, idOf(ctx.params.id));
      noContent(ctx);
    },
  }),
];
