import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LoginLimiter } from './login-limiter.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';

test('a quiet limiter lets sign-ins through; failures still lock, and a success clears the pair', async () => {
  const limiter = new LoginLimiter(2, 60_000);
  await limiter.check('root', '10.0.0.1');
  await limiter.succeed('root', '10.0.0.1');
  await limiter.fail('root', '10.0.0.1');
  await limiter.check('root', '10.0.0.1');
  await limiter.fail('root', '10.0.0.1');
  await assert.rejects(limiter.check('Root', '10.0.0.1'), TooManyRequestsError);
  // Another address is not locked out by this one's failures.
  await limiter.check('root', '10.0.0.2');
  await limiter.succeed('root', '10.0.0.1');
  await limiter.check('root', '10.0.0.1');
});

test('a check running while a failure is being recorded reads the limiters', async () => {
  const limiter = new LoginLimiter(1, 60_000);
  const failing = limiter.fail('root', '10.0.0.1');
  await failing;
  await assert.rejects(limiter.check('root', '10.0.0.1'), TooManyRequestsError);
});
