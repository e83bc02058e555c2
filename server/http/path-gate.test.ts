import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Router, type Request, type Response } from 'express';
import { mayBeArtifactRawPath, mayBeAvatarPath, mayBeGitPath, mayBeInternalPath, pathGate } from './path-gate.ts';

/** Whether a plain express router with `path` would answer a GET or POST of `url`. */
function routerMatches(path: string, url: string): boolean {
  const r = Router();
  let hit = false;
  r.all(path, () => { hit = true; });
  r({ method: 'GET', url, headers: {} } as Request, {} as Response, () => undefined);
  return hit;
}

test('the gates let through every path their routers answer, in any case and with a trailing slash', () => {
  const cases: [string, (p: string) => boolean, string[]][] = [
    ['/:owner/:repo/info/refs', mayBeGitPath, ['/a/b/info/refs', '/A/B.git/INFO/Refs', '/a/b.wiki.git/info/refs/', '/api/v1/info/refs']],
    ['/:owner/:repo/git-upload-pack', mayBeGitPath, ['/a/b/git-upload-pack', '/a/b.git/Git-Upload-Pack/']],
    ['/:owner/:repo/git-receive-pack', mayBeGitPath, ['/a/b/git-receive-pack', '/a/b/GIT-RECEIVE-PACK']],
    ['/api/internal/hook/pre-receive', mayBeGitPath, ['/api/internal/hook/pre-receive', '/API/Internal/hook/pre-receive/']],
    ['/api/internal/manager/backup', mayBeInternalPath, ['/api/internal/manager/backup', '/Api/Internal/Manager/Backup/']],
    ['/avatars/:name', mayBeAvatarPath, ['/avatars/root', '/Avatars/Root/', '/avatars/a.b-c_d']],
    ['/repo-avatars/:id/:hash', mayBeAvatarPath, ['/repo-avatars/3/abc', '/REPO-AVATARS/3/abc/']],
    ['/v1/repos/:owner/:repo/actions/artifacts/:id/zip/raw', mayBeArtifactRawPath, ['/v1/repos/a/b/actions/artifacts/3/zip/raw', '/V1/repos/a/b/actions/artifacts/3/ZIP/raw/']],
  ];
  for (const [route, gate, paths] of cases) {
    for (const p of paths) {
      assert.equal(routerMatches(route, p), true, `${route} answers ${p}`);
      assert.equal(gate(p), true, `the gate of ${route} lets ${p} through`);
    }
  }
  for (const p of ['/api/v1/repos/a/b', '/api/v1/repos/search', '/a/b/info', '/a/b/raw/branch/main/info/refs.txt', '/api/v1/version']) {
    assert.equal(mayBeGitPath(p) || mayBeInternalPath(p), false, p);
  }
  assert.equal(mayBeArtifactRawPath('/v1/repos/a/b'), false);
  for (const p of ['/avatars', '/avatars/a/b', '/a/avatars/b', '/repo-avatars/3', '/api/v1/user/avatar']) assert.equal(mayBeAvatarPath(p), false, p);
});

test('a closed gate passes the request on without calling the handler', () => {
  let called = 0;
  let passed = 0;
  const gate = pathGate((p) => p === '/yes', () => { called++; });
  gate({ path: '/no' } as Request, {} as Response, () => { passed++; });
  gate({ path: '/yes' } as Request, {} as Response, () => { passed++; });
  assert.deepEqual({ called, passed }, { called: 1, passed: 1 });
});
