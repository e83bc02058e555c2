import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PointGate } from './point-gate.ts';

const tick = (ms = 10) => new Promise((r) => setTimeout(r, ms));

test('a point waits for held leases, holds new ones while it runs, and removes its gate file', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'point-gate-'));
  try {
    const gate = new PointGate(dir);
    const order: string[] = [];
    const lease = await gate.enter();
    const fixed = gate.fix(async () => {
      order.push('point');
      assert.ok(existsSync(gate.gateFile), 'the gate file exists while the point is fixed');
      await tick();
    });
    await tick();
    assert.equal(order.length, 0, 'the point waits for the held lease');
    const later = gate.enter().then((release) => { order.push('writer'); release(); });
    lease();
    await Promise.all([fixed, later]);
    assert.deepEqual(order, ['point', 'writer']);
    assert.equal(existsSync(gate.gateFile), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a push past its gate check (marker written) is waited for; one still sending (no marker) is not', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'point-gate-'));
  try {
    const gate = new PointGate(dir);
    const sending = gate.openPush();
    const finishing = gate.openPush();
    writeFileSync(finishing.marker, '');
    let ran = false;
    const fixed = gate.fix(async () => { ran = true; });
    await tick(30);
    assert.equal(ran, false, 'waits for the push that may be moving refs without calling back');
    finishing.end();
    await fixed;
    assert.equal(ran, true);
    assert.equal(existsSync(finishing.marker), false, 'the marker goes with the push');
    // a push that called back (and waits at enter) does not hold the point either
    writeFileSync(sending.marker, '');
    sending.calledBack();
    await gate.fix(async () => undefined);
    sending.end();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('removing a directory waits while a backup copies files, and the point leaves it out', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'point-gate-'));
  try {
    const gate = new PointGate(dir);
    const release = gate.holdFiles();
    let removed = false;
    await gate.removeDir(path.join(dir, 'repo'), async () => { removed = true; });
    assert.equal(removed, false);
    assert.equal(gate.isDoomed(path.join(dir, 'repo')), true);
    release();
    await tick();
    assert.equal(removed, true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
