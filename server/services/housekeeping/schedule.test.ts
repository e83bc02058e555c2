import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSchedule, ScheduleError } from './schedule.ts';

test('@every counts a Go duration from the given moment', () => {
  const s = parseSchedule('@every 72h');
  assert.equal(s.nextAfter(1_000), 1_000 + 72 * 3_600_000);
  assert.equal(parseSchedule('@every 1h30m').nextAfter(0), 90 * 60_000);
});

test('cron expressions and @midnight fire at the next matching local time', () => {
  const base = new Date(2026, 10, 25, 15, 17, 0).getTime();
  assert.equal(parseSchedule('@midnight').nextAfter(base), new Date(2026, 10, 26, 0, 0, 0).getTime());
  assert.equal(parseSchedule('*/5 * * * *').nextAfter(base), new Date(2026, 10, 25, 15, 20, 0).getTime());
  assert.equal(parseSchedule('0 0 3 * * *').nextAfter(base), new Date(2026, 10, 26, 3, 0, 0).getTime());
});

test('a schedule that is not one is refused with its text', () => {
  for (const bad of ['@every', '@every soon', '@every 10ms', 'every day', '61 * * * *']) {
    assert.throws(() => parseSchedule(bad), (e: unknown) => e instanceof ScheduleError && e.message.includes(bad));
  }
});
