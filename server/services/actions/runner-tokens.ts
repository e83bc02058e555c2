/** Runner registration tokens (Gitea's models/actions/runner_token.go): one active token per scope, reusable until reset. */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import * as tokenStore from '../../store/runner-tokens.ts';
import type { RunnerTokenRecord } from '../../store/runner-tokens.ts';
import { hashToken } from '../../lib/crypto.ts';
import { ServiceError } from '../../lib/errors.ts';
import type { RunnerScope } from './runner-scope.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 40 random alphanumeric characters, as Gitea's CryptoRandomString(40). */
function randomToken(): string {
  const bytes = randomBytes(40);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

const lockOf = (s: RunnerScope) => `runner-token:${tokenStore.scopeKey(s.ownerId, s.repoId)}`;

async function insertActive(app: AppContext, scope: RunnerScope): Promise<string> {
  const token = randomToken();
  const now = new Date().toISOString();
  for (const old of await tokenStore.listByScope(app.store, scope.ownerId, scope.repoId)) {
    if (old.is_active) await tokenStore.update(app.store, old.id, (t) => { t.is_active = false; t.updated = now; });
  }
  await tokenStore.insert(app.store, (id) => ({
    id, token_hash: hashToken(token), token_sealed: app.secrets.encrypt(token), owner_id: scope.ownerId, repo_id: scope.repoId,
    is_active: true, created: now, updated: now,
  }));
  return token;
}

/** The scope's current token, made when there is none or the latest was reset (Gitea's GetRegistrationToken). */
export function registrationToken(app: AppContext, scope: RunnerScope): Promise<string> {
  return app.locks.run(lockOf(scope), async () => {
    const all = await tokenStore.listByScope(app.store, scope.ownerId, scope.repoId);
    const latest = all.reduce<RunnerTokenRecord | undefined>((a, t) => (!a || t.id > a.id ? t : a), undefined);
    if (latest?.is_active) return app.secrets.decrypt(latest.token_sealed);
    return insertActive(app, scope);
  });
}

/** A new token for the scope; every earlier one stops working (the web's "Reset registration token"). */
export function resetRegistrationToken(app: AppContext, scope: RunnerScope): Promise<string> {
  return app.locks.run(lockOf(scope), () => insertActive(app, scope));
}

/** The scope a registration token registers into; refused as Gitea's Register refuses it. The token stays usable. */
export async function scopeOfRegistrationToken(app: AppContext, token: string): Promise<RunnerScope> {
  const row = token ? await tokenStore.getByHash(app.store, hashToken(token)) : undefined;
  if (!row) throw new ServiceError(401, 'runner registration token not found');
  if (!row.is_active) throw new ServiceError(401, 'runner registration token has been invalidated, please use the latest one');
  return { ownerId: row.owner_id, repoId: row.repo_id };
}
