/** Service errors as Connect errors, with the codes act_runner expects. */
import { Code, ConnectError } from '@connectrpc/connect';
import { ServiceError } from '../../lib/errors.ts';

const CODES: Record<number, Code> = { 400: Code.InvalidArgument, 401: Code.Unauthenticated, 403: Code.PermissionDenied, 404: Code.NotFound, 409: Code.AlreadyExists, 422: Code.InvalidArgument };

/** Runs `fn`, turning a typed service error into the Connect error of its status (Internal for anything else). */
export async function connectCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ConnectError) throw e;
    if (e instanceof ServiceError) throw new ConnectError(e.message, CODES[e.status] ?? Code.Internal);
    throw new ConnectError('internal error', Code.Internal);
  }
}
