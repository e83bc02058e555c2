/**
 * Requests whose answer is 205 Reset Content with a JSON body, as Gitea's notify routes send. fetch treats 205 as a
 * null-body status and drops the body, so these are read with node:http.
 */
import http from 'node:http';
import type { ApiResponse } from './host.ts';

/** Sends `method base+p` with a token and reads the whole answer, whatever its status. */
export function rawApi(base: string, method: string, p: string, token?: string): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${p}`, { method, headers: token ? { authorization: `token ${token}` } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
        resolve({ status: res.statusCode ?? 0, headers, body, text } as ApiResponse);
      });
    });
    req.on('error', reject);
    req.end();
  });
}
