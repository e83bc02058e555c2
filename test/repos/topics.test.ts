/**
 * Repository topics over HTTP, as Gitea has them: list, replace, add and delete with Gitea's normalisation and its
 * 422 bodies, who may read and change them, the Repository JSON and its ETag, repository search with `topic=true`,
 * the topic search (counting only repositories the viewer may read), and the same through gitea-js.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { giteaApi } from 'gitea-js';
import { startHost, createToken, makeUser, ADMIN, type TestHost } from '../helpers/host.ts';
import { expectStatus } from '../orgs/helpers.ts';

describe('repository topics', () => {
  let h: TestHost;
  const t: Record<string, string> = {};
  const api = (method: string, p: string, who?: string, body?: unknown) => h.api(method, p, { ...(who ? { auth: t[who] } : {}), ...(body === undefined ? {} : { body }) });
  const topicsOf = async (repo: string, who = 'alice'): Promise<string[]> => {
    const res = await api('GET', `/repos/alice/${repo}/topics`, who);
    expectStatus(res, 200);
    return res.body.topics;
  };
  const swagger = () => `${h.url}/api/swagger`;

  before(async () => {
    h = await startHost();
    t.root = await createToken(h, ADMIN.username, ADMIN.password);
    for (const u of ['alice', 'reader', 'writer', 'manager', 'stranger']) t[u] = await makeUser(h, u);
    for (const [name, priv] of [['pub', false], ['rules', false], ['seen', false], ['tools', false], ['secret', true]] as const) {
      expectStatus(await api('POST', '/user/repos', 'alice', { name, private: priv, auto_init: true }), 201);
    }
    for (const [who, permission] of [['reader', 'read'], ['writer', 'write'], ['manager', 'admin']]) {
      expectStatus(await api('PUT', `/repos/alice/secret/collaborators/${who}`, 'alice', { permission }), 204);
    }
  });
  after(async () => { await h.stop(); });

  test('list, replace, add and delete: trimmed, lower-cased, repeats collapsed, in name order', async () => {
    const empty = await api('GET', '/repos/alice/pub/topics');
    expectStatus(empty, 200);
    assert.deepEqual(empty.body, { topics: [] });
    assert.equal(empty.headers.get('x-total-count'), '0');
    const longest = 'a'.repeat(35);
    expectStatus(await api('PUT', '/repos/alice/pub/topics', 'alice', { topics: [' Go ', 'web', 'GO', '', 'Web.Dev', 'web', longest] }), 204);
    assert.deepEqual(await topicsOf('pub'), [longest, 'go', 'web', 'web.dev']);
    expectStatus(await api('PUT', '/repos/alice/pub/topics/Rust', 'alice'), 204);
    expectStatus(await api('PUT', '/repos/alice/pub/topics/rust', 'alice'), 204);
    expectStatus(await api('DELETE', `/repos/alice/pub/topics/${longest}`, 'alice'), 204);
    expectStatus(await api('DELETE', '/repos/alice/pub/topics/WEB', 'alice'), 204);
    assert.deepEqual(await topicsOf('pub'), ['go', 'rust', 'web.dev']);
    const gone = await api('DELETE', '/repos/alice/pub/topics/web', 'alice');
    expectStatus(gone, 404);
    assert.equal(gone.body.message, 'not found');
    const page = await api('GET', '/repos/alice/pub/topics?page=2&limit=2');
    assert.deepEqual(page.body.topics, ['web.dev']);
    assert.equal(page.headers.get('x-total-count'), '3');
    // A body without topics clears them, as Gitea's nil list does.
    expectStatus(await api('PUT', '/repos/alice/pub/topics', 'alice', {}), 204);
    assert.deepEqual(await topicsOf('pub'), []);
  });

  test('each refusal is a 422 with Gitea\'s body and changes nothing', async () => {
    expectStatus(await api('PUT', '/repos/alice/rules/topics', 'alice', { topics: ['keep'] }), 204);
    const long = 'x'.repeat(36);
    const invalid = await api('PUT', '/repos/alice/rules/topics', 'alice', { topics: ['ok', 'Bad_Topic', '-dash', long, 'bad_topic', 'ünï'] });
    expectStatus(invalid, 422);
    assert.deepEqual(invalid.body, { invalidTopics: ['bad_topic', '-dash', long, 'bad_topic', 'ünï'], message: 'Topic names are invalid', url: swagger() });
    const many = Array.from({ length: 26 }, (_, i) => `t${i}`);
    const tooMany = await api('PUT', '/repos/alice/rules/topics', 'alice', { topics: many });
    expectStatus(tooMany, 422);
    assert.deepEqual(tooMany.body, { invalidTopics: null, message: 'Exceeding maximum number of topics per repo', url: swagger() });
    // The limit is checked before the names, as in Gitea.
    const both = await api('PUT', '/repos/alice/rules/topics', 'alice', { topics: [...many, 'Bad_Topic'] });
    assert.equal(both.body.message, 'Exceeding maximum number of topics per repo');
    const one = await api('PUT', '/repos/alice/rules/topics/bad%20Topic', 'alice');
    expectStatus(one, 422);
    assert.deepEqual(one.body, { invalidTopics: 'bad topic', message: 'Topic name is invalid', url: swagger() });
    const del = await api('DELETE', '/repos/alice/rules/topics/-x', 'alice');
    expectStatus(del, 422);
    assert.deepEqual(del.body, { invalidTopics: '-x', message: 'Topic name is invalid', url: swagger() });
    assert.deepEqual(await topicsOf('rules'), ['keep']);

    // 25 after repeats collapse is allowed; then no single topic more, not even one the repository has.
    expectStatus(await api('PUT', '/repos/alice/rules/topics', 'alice', { topics: [...many.slice(0, 25), 'T0', 't1'] }), 204);
    assert.equal((await topicsOf('rules')).length, 25);
    for (const name of ['one-more', 't0']) {
      const full = await api('PUT', `/repos/alice/rules/topics/${name}`, 'alice');
      expectStatus(full, 422);
      assert.deepEqual(full.body, { message: 'Exceeding maximum allowed topics per repo.', url: swagger() });
    }
    assert.equal((await topicsOf('rules')).length, 25);
    expectStatus(await api('PUT', '/repos/alice/rules/topics', 'alice', { topics: [] }), 204);
  });

  test('reading needs read access, changing needs repository admin; a private repository is hidden from strangers', async () => {
    const hidden = 'The repository alice/secret does not exist.';
    for (const who of [undefined, 'stranger']) {
      const res = await api('GET', '/repos/alice/secret/topics', who);
      expectStatus(res, 404);
      assert.equal(res.body.message, hidden);
      expectStatus(await api('PUT', '/repos/alice/secret/topics/x', who), who ? 404 : 401);
    }
    expectStatus(await api('PUT', '/repos/alice/secret/topics', undefined, { topics: ['x'] }), 401);
    expectStatus(await api('PUT', '/repos/alice/secret/topics', 'stranger', { topics: ['x'] }), 404);
    expectStatus(await api('DELETE', '/repos/alice/secret/topics/x', 'stranger'), 404);
    for (const who of ['reader', 'writer']) {
      expectStatus(await api('GET', '/repos/alice/secret/topics', who), 200);
      const put = await api('PUT', '/repos/alice/secret/topics', who, { topics: ['x'] });
      expectStatus(put, 403);
      assert.equal(put.body.message, 'user should have admin access to the repository');
      expectStatus(await api('PUT', '/repos/alice/secret/topics/x', who), 403);
      expectStatus(await api('DELETE', '/repos/alice/secret/topics/x', who), 403);
    }
    expectStatus(await api('PUT', '/repos/alice/secret/topics', 'manager', { topics: ['go', 'hidden-topic'] }), 204);
    expectStatus(await api('PUT', '/repos/alice/secret/topics/by-admin', 'root'), 204);
    expectStatus(await api('DELETE', '/repos/alice/secret/topics/by-admin', 'alice'), 204);
    assert.deepEqual(await topicsOf('secret', 'reader'), ['go', 'hidden-topic']);
    // A public repository: anyone reads, only its admins change.
    expectStatus(await api('GET', '/repos/alice/pub/topics'), 200);
    expectStatus(await api('PUT', '/repos/alice/pub/topics', 'stranger', { topics: ['x'] }), 403);
  });

  test('the Repository JSON carries the topics; a change gives a new body and ETag, searches included', async () => {
    const before = await api('GET', '/repos/alice/seen', 'reader');
    const etag = before.headers.get('etag') ?? '';
    assert.deepEqual(before.body.topics, []);
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request
    const conditional = () => new Promise<number>((resolve, reject) => {
      http.get(`${h.url}/api/v1/repos/alice/seen`, { headers: { authorization: `token ${t.reader}`, 'if-none-match': etag } }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', reject);
    });
    assert.equal(await conditional(), 304);
    expectStatus(await api('PUT', '/repos/alice/seen/topics', 'alice', { topics: ['Zeta', 'alpha'] }), 204);
    const after = await api('GET', '/repos/alice/seen', 'reader');
    assert.deepEqual(after.body.topics, ['alpha', 'zeta']);
    assert.notEqual(after.headers.get('etag'), etag);
    assert.equal(await conditional(), 200);
    assert.ok(Date.parse(after.body.updated_at) >= Date.parse(before.body.updated_at));
    const found = await api('GET', '/repos/search?q=seen', 'reader');
    assert.deepEqual(found.body.data.map((r: { topics: string[] }) => r.topics), [['alpha', 'zeta']]);
    expectStatus(await api('PUT', '/repos/alice/seen/topics/beta', 'alice'), 204);
    assert.deepEqual((await api('GET', '/repos/search?q=seen', 'reader')).body.data[0].topics, ['alpha', 'beta', 'zeta']);
  });

  test('repository search: topic=true matches whole topics (any of a comma list); without it a topic may contain q', async () => {
    expectStatus(await api('PUT', '/repos/alice/pub/topics', 'alice', { topics: ['go', 'web'] }), 204);
    expectStatus(await api('PUT', '/repos/alice/tools/topics', 'alice', { topics: ['golang', 'cli'] }), 204);
    const names = async (query: string, who?: string): Promise<string[]> => {
      const res = await api('GET', `/repos/search?${query}`, who);
      expectStatus(res, 200);
      return res.body.data.map((r: { name: string }) => r.name);
    };
    assert.deepEqual(await names('q=go&topic=true'), ['pub']);
    assert.deepEqual(await names('q=go&topic=true', 'alice'), ['pub', 'secret']);
    assert.deepEqual(await names('q=go&topic=true', 'reader'), ['pub', 'secret']);
    assert.deepEqual(await names('q=GO,cli&topic=true'), ['pub', 'tools']);
    assert.deepEqual(await names('q=gol&topic=true'), []);
    assert.deepEqual(await names('q=golan'), ['tools']);
    assert.deepEqual(await names('q=hidden-topic'), []);
    assert.deepEqual(await names('q=hidden-topic', 'alice'), ['secret']);
  });

  test('topic search: names containing q, counting and showing only repositories the viewer may read', async () => {
    const search = async (query: string, who?: string) => {
      const res = await api('GET', `/topics/search?${query}`, who);
      expectStatus(res, 200);
      return res;
    };
    const counts = async (query: string, who?: string) =>
      (await search(query, who)).body.topics.map((x: { topic_name: string; repo_count: number }) => [x.topic_name, x.repo_count]);
    // pub: go, web; tools: golang, cli; secret (private): go, hidden-topic; seen: alpha, beta, zeta
    assert.deepEqual(await counts('q=go'), [['go', 1], ['golang', 1]]);
    assert.deepEqual(await counts('q=go', 'alice'), [['go', 2], ['golang', 1]]);
    assert.deepEqual(await counts('q=go', 'reader'), [['go', 2], ['golang', 1]]);
    assert.deepEqual(await counts('q=HIDDEN'), []);
    assert.deepEqual(await counts('q=hidden', 'stranger'), []);
    assert.deepEqual(await counts('q=hidden', 'reader'), [['hidden-topic', 1]]);
    const all = await search('limit=50');
    assert.deepEqual(all.body.topics.map((x: { topic_name: string }) => x.topic_name).sort(), ['alpha', 'beta', 'cli', 'go', 'golang', 'web', 'zeta']);
    const one = all.body.topics.find((x: { topic_name: string }) => x.topic_name === 'golang');
    assert.deepEqual(Object.keys(one).sort(), ['created', 'id', 'repo_count', 'topic_name', 'updated']);
    assert.equal(typeof one.id, 'number');
    assert.ok(Date.parse(one.updated) >= Date.parse(one.created));
    const page = await search('q=go&page=2&limit=1');
    assert.deepEqual(page.body.topics.map((x: { topic_name: string }) => x.topic_name), ['golang']);
    assert.equal(page.headers.get('x-total-count'), '2');
    // A topic no repository has any more is not listed; the same name given again keeps its id.
    expectStatus(await api('DELETE', '/repos/alice/tools/topics/golang', 'alice'), 204);
    assert.deepEqual(await counts('q=golang', 'alice'), []);
    expectStatus(await api('PUT', '/repos/alice/tools/topics/golang', 'alice'), 204);
    assert.equal((await search('q=golang')).body.topics[0].id, one.id);
  });

  test('gitea-js replaces, adds, lists, deletes and searches topics', async () => {
    const client = giteaApi(h.url, { token: t.alice });
    assert.equal((await client.repos.repoUpdateTopics('alice', 'tools', { topics: ['Node', 'cli'] })).status, 204);
    assert.equal((await client.repos.repoAddTopic('alice', 'tools', 'typescript')).status, 204);
    assert.equal((await client.repos.repoDeleteTopic('alice', 'tools', 'cli')).status, 204);
    assert.deepEqual((await client.repos.repoListTopics('alice', 'tools')).data.topics, ['node', 'typescript']);
    assert.deepEqual((await client.repos.repoGet('alice', 'tools')).data.topics, ['node', 'typescript']);
    const found = await client.repos.repoSearch({ q: 'typescript', topic: true });
    assert.deepEqual(found.data.data?.map((r) => r.full_name), ['alice/tools']);
    // gitea-js types the answer as a list (an older swagger); Gitea and this host answer `{topics: [...]}`.
    const topics = (await client.topics.topicSearch({ q: 'typescript' })).data as unknown as { topics: { topic_name: string; repo_count: number }[] };
    assert.deepEqual(topics.topics.map((x) => [x.topic_name, x.repo_count]), [['typescript', 1]]);
    try {
      await client.repos.repoUpdateTopics('alice', 'tools', { topics: ['No Spaces'] });
      assert.fail('the invalid topic was accepted');
    } catch (err) {
      const res = err as Response & { error: { invalidTopics?: string[]; message?: string } };
      assert.equal(res.status, 422);
      assert.deepEqual(res.error.invalidTopics, ['no spaces']);
      assert.equal(res.error.message, 'Topic names are invalid');
    }
  });
});
