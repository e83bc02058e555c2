import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppContext } from '../../../services/context.ts';
import type { UserRecord } from '../../../store/records.ts';
import { toUser } from '../../../convert/user.ts';
import { keptUserList } from './user-text.ts';

function user(id: number, extra: Partial<UserRecord> = {}): UserRecord {
  return Object.freeze({
    id, type: 'individual', name: `u${id}`, lower_name: `u${id}`, full_name: `Ü "${id}" <b>`, email: `u${id}@x.example`, passwd: 'h',
    login_source: 0, login_name: `l${id}`, is_admin: false, is_active: true, prohibit_login: false, restricted: false,
    must_change_password: false, visibility: 'public', website: '', location: 'here', description: '\u2028 line', language: 'de-DE',
    max_repo_creation: -1, allow_create_organization: true, allow_git_hook: false, allow_import_local: false,
    created: '2026-01-01T00:00:00Z', updated: '2026-01-01T00:00:00Z', last_login: '2026-02-01T00:00:00Z', totp_secret: null,
    totp_last_step: 0, num_followers: id, num_following: 1, ...extra,
  });
}

const app = {} as AppContext;
const baseUrl = 'http://127.0.0.1:3000';
const admin = user(1, { is_admin: true });
const plain = user(2);
const system = user(-2, { name: 'gitea-actions', lower_name: 'gitea-actions' });
const users = [admin, plain, user(3), system];

for (const [label, viewer] of [['anonymous', null], ['signed in', plain], ['admin', admin]] as const) {
  test(`a kept user list is the JSON of the converted users (${label})`, () => {
    for (const shape of ['plain', 'search'] as const) {
      const data = users.map((u) => toUser(u, viewer, baseUrl));
      const want = JSON.stringify(shape === 'search' ? { ok: true, data } : data);
      for (let i = 0; i < 2; i++) assert.equal(keptUserList({ app, doer: viewer, baseUrl }, users, shape)?.body.toString('utf8'), want);
    }
  });
}

test('a viewer of another class or another base URL gets its own text', () => {
  const a = keptUserList({ app, doer: plain, baseUrl }, [plain, user(3)], 'plain')!.body.toString();
  const b = keptUserList({ app, doer: admin, baseUrl }, [plain, user(3)], 'plain')!.body.toString();
  const c = keptUserList({ app, doer: plain, baseUrl: 'http://host.example' }, [plain, user(3)], 'plain')!.body.toString();
  assert.notEqual(a, b);
  assert.match(c, /host\.example/);
  assert.doesNotMatch(a, /"login_name":"l3"/);
  assert.match(a, /"login_name":"l2"/, 'the viewer sees their own account fields');
});

test('a new version of a record (a new frozen object) is converted again; an unfrozen copy is not kept', () => {
  const before = user(7);
  const first = keptUserList({ app, doer: null, baseUrl }, [before], 'plain')!;
  const after = user(7, { full_name: 'renamed' });
  const second = keptUserList({ app, doer: null, baseUrl }, [after], 'plain')!;
  assert.match(second.body.toString(), /renamed/);
  assert.notEqual(first.etag, second.etag);
  assert.equal(keptUserList({ app, doer: null, baseUrl }, [{ ...before }], 'plain'), undefined);
});
