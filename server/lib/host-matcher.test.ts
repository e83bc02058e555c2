import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  classifyAddress, parseIpLiteral, parseHostList, matchesHostOrAddress, migrationPolicy, webhookPolicy, refusal, resolveChecked,
  BlockedHostError, type Resolver,
} from './host-matcher.ts';

describe('address classification', () => {
  test('only global unicast is external', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      assert.equal(classifyAddress(a), 'external', a);
    }
  });

  test('loopback in every spelling', () => {
    for (const a of ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1', '[::ffff:7f00:1]', '2130706433', '0177.0.0.1', '0x7f.1', '0x7f000001', '127.1']) {
      assert.equal(classifyAddress(a), 'loopback', a);
    }
  });

  test('private: RFC 1918 and fc00::/7, also when mapped', () => {
    for (const a of ['10.0.0.1', '172.16.5.4', '192.168.1.10', 'fc00::1', 'fd12:3456::1', '::ffff:192.168.1.10', '3232235786']) {
      assert.equal(classifyAddress(a), 'private', a);
    }
  });

  test('unspecified, link-local, shared, reserved, multicast and translator forms are in no class', () => {
    for (const a of ['0.0.0.0', '0', '::', '::ffff:0.0.0.0', '169.254.169.254', 'fe80::1', '100.64.0.1', '192.0.2.1', '198.18.0.1',
      '240.0.0.1', '255.255.255.255', '224.0.0.1', 'ff02::1', '64:ff9b::7f00:1', '2002:7f00:1::', '2001::1', '::7f00:1', '2001:db8::1']) {
      assert.equal(classifyAddress(a), 'other', a);
    }
  });

  test('address literals are read as a resolver reads them; names are not literals', () => {
    assert.equal(parseIpLiteral('0'), '0.0.0.0');
    assert.equal(parseIpLiteral('2130706433'), '127.0.0.1');
    assert.equal(parseIpLiteral('0x7f.0.0.1'), '127.0.0.1');
    assert.equal(parseIpLiteral('[::ffff:127.0.0.1]'), '::ffff:7f00:1');
    assert.equal(parseIpLiteral('example.com'), null);
    assert.equal(parseIpLiteral('localhost'), null);
  });
});

describe('host lists', () => {
  test('keywords, CIDRs and globs, against the name or the address', () => {
    const m = parseHostList(['loopback', '10.1.0.0/16', '*.corp.example', '192.168.7.7']);
    assert.ok(matchesHostOrAddress(m, 'localhost', '127.0.0.1'));
    assert.ok(matchesHostOrAddress(m, 'x', '10.1.2.3'));
    assert.ok(matchesHostOrAddress(m, 'x', '::ffff:10.1.2.3'));
    assert.ok(!matchesHostOrAddress(m, 'x', '10.2.0.1'));
    assert.ok(matchesHostOrAddress(m, 'git.corp.example', '8.8.8.8'));
    assert.ok(matchesHostOrAddress(m, 'x', '192.168.7.7'));
    assert.ok(!matchesHostOrAddress(m, 'x', '192.168.7.8'));
    assert.ok(matchesHostOrAddress(parseHostList(['*']), 'x', '0.0.0.0'));
  });

  test('webhooks: external by default refuses loopback, LAN, 0.0.0.0, mapped and link-local targets', () => {
    const p = webhookPolicy(['external']);
    assert.equal(refusal(p, 'hooks.example.com', '93.184.216.34'), null);
    for (const a of ['127.0.0.1', '0.0.0.0', '::ffff:0.0.0.0', '::ffff:7f00:1', '192.168.1.1', '169.254.169.254', 'fe80::1', '::1']) {
      assert.match(refusal(p, a, a) ?? '', /^webhook can only call allowed HTTP servers \(check your webhook\.ALLOWED_HOST_LIST setting\), deny/, a);
    }
    assert.equal(refusal(webhookPolicy(['external', 'loopback']), '127.0.0.1', '127.0.0.1'), null);
    assert.notEqual(refusal(webhookPolicy(['loopback']), '0.0.0.0', '0.0.0.0'), null, '0.0.0.0 is not loopback');
  });

  test('migrations: local networks off by default; ALLOWED_DOMAINS and BLOCKED_DOMAINS as Gitea reads them', () => {
    const off = migrationPolicy({ allowedDomains: [], blockedDomains: [], allowLocalNetworks: false });
    assert.equal(refusal(off, 'github.com', '140.82.121.4'), null);
    for (const a of ['127.0.0.1', '10.0.0.1', '0.0.0.0', '169.254.169.254', 'fe80::1', '::ffff:127.0.0.1', '100.64.0.1']) {
      assert.notEqual(refusal(off, 'h', a), null, a);
    }
    const on = migrationPolicy({ allowedDomains: [], blockedDomains: [], allowLocalNetworks: true });
    assert.equal(refusal(on, 'h', '127.0.0.1'), null);
    assert.equal(refusal(on, 'h', '192.168.1.2'), null);
    assert.notEqual(refusal(on, 'h', '0.0.0.0'), null, 'the unspecified address stays refused');
    assert.notEqual(refusal(on, 'h', '169.254.169.254'), null, 'link-local stays refused');
    const one = migrationPolicy({ allowedDomains: ['127.0.0.1'], blockedDomains: [], allowLocalNetworks: false });
    assert.equal(refusal(one, '127.0.0.1', '127.0.0.1'), null);
    assert.notEqual(refusal(one, '127.0.0.2', '127.0.0.2'), null);
    assert.notEqual(refusal(one, 'github.com', '140.82.121.4'), null, 'an allow list replaces external');
    const blocked = migrationPolicy({ allowedDomains: [], blockedDomains: ['*.bad.example'], allowLocalNetworks: true });
    assert.match(refusal(blocked, 'git.bad.example', '8.8.8.8') ?? '', /BLOCKED_DOMAINS/);
  });
});

describe('resolution', () => {
  const answers = (map: Record<string, string[]>): Resolver => async (h) => map[h] ?? [];
  const off = migrationPolicy({ allowedDomains: [], blockedDomains: [], allowLocalNetworks: false });

  test('every address a name resolves to is checked, and the first is the one to connect to', async () => {
    const r = answers({ 'ok.example': ['93.184.216.34', '2606:2800:220:1::1'], 'mixed.example': ['93.184.216.34', '127.0.0.1'], 'lan.example': ['192.168.0.5'] });
    assert.equal(await resolveChecked(off, 'ok.example', r), '93.184.216.34');
    await assert.rejects(resolveChecked(off, 'mixed.example', r), (e: BlockedHostError) => e.address === '127.0.0.1');
    await assert.rejects(resolveChecked(off, 'lan.example', r), BlockedHostError);
    await assert.rejects(resolveChecked(off, 'nowhere.example', r), (e: BlockedHostError) => e.address === '' && /does not resolve/.test(e.message));
  });

  test('literals are never looked up', async () => {
    const never: Resolver = async () => { throw new Error('looked up'); };
    assert.equal(await resolveChecked(off, '8.8.8.8', never), '8.8.8.8');
    await assert.rejects(resolveChecked(off, '[::ffff:127.0.0.1]', never), BlockedHostError);
    await assert.rejects(resolveChecked(off, '0177.0.0.1', never), BlockedHostError);
  });
});
