/**
 * A real MIT Kerberos KDC for tests: Debian's `krb5kdc` for a throwaway realm on a free loopback port, its
 * database made with `kdb5_util` and `kadmin.local` in a temp dir (KRB5_CONFIG / KRB5_KDC_PROFILE point at temp
 * files, nothing system-wide is touched). Without krb5-kdc installed, startKdc() throws: the tests fail, never skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REALM = 'HOMEFORGE.TEST';

const sbin = (name: string): string | undefined => [`/usr/sbin/${name}`, `/usr/local/sbin/${name}`].find((p) => existsSync(p));
const KRB5KDC = sbin('krb5kdc');
const KDB5_UTIL = sbin('kdb5_util');
const KADMIN_LOCAL = sbin('kadmin.local');

export interface Kdc {
  realm: string;
  dir: string;
  /** KRB5_CONFIG (and the KDC profile) for any Kerberos command or library talking to this realm. */
  env: Record<string, string>;
  /** Adds a principal with a password, or with a random key when `password` is null. */
  addPrincipal(name: string, password: string | null): void;
  /** Writes the keys of `principals` to a new keytab file and returns its path. */
  keytab(file: string, ...principals: string[]): string;
  /** `kinit` with the password on stdin into a new credential cache; returns the KRB5CCNAME value. */
  kinit(principal: string, password: string, cacheName: string): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Client side: no DNS anywhere, so `HTTP@127.0.0.1` stays `HTTP/127.0.0.1@REALM`; TCP only. */
const clientConfig = (port: number): string => `[libdefaults]
  default_realm = ${REALM}
  dns_lookup_kdc = false
  dns_lookup_realm = false
  dns_canonicalize_hostname = false
  rdns = false
  udp_preference_limit = 1
[realms]
  ${REALM} = {
    kdc = 127.0.0.1:${port}
  }
`;

const kdcConfig = (dir: string, port: number): string => `[kdcdefaults]
  kdc_listen = 127.0.0.1:${port}
  kdc_tcp_listen = 127.0.0.1:${port}
[realms]
  ${REALM} = {
    database_name = ${path.join(dir, 'principal')}
    key_stash_file = ${path.join(dir, 'stash')}
    acl_file = ${path.join(dir, 'kadm5.acl')}
  }
[logging]
  kdc = FILE:${path.join(dir, 'kdc.log')}
`;

function run(cmd: string, args: string[], env: Record<string, string>, input?: string): string {
  const r = spawnSync(cmd, args, { env: { ...process.env, ...env }, encoding: 'utf8', input, timeout: 30_000 });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

async function waitForPort(port: number, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`krb5kdc exited with code ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('krb5kdc did not start listening in time');
}

/** Creates the realm's database and starts krb5kdc in the foreground; stop() kills it and removes the files. */
export async function startKdc(): Promise<Kdc> {
  if (!KRB5KDC || !KDB5_UTIL || !KADMIN_LOCAL) {
    throw new Error('MIT Kerberos is not installed: apt-get install krb5-kdc krb5-admin-server krb5-user (the Negotiate tests need a real KDC)');
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-kdc-'));
  const port = await freePort();
  const env = { KRB5_CONFIG: path.join(dir, 'krb5.conf'), KRB5_KDC_PROFILE: path.join(dir, 'kdc.conf') };
  await writeFile(env.KRB5_CONFIG, clientConfig(port));
  await writeFile(env.KRB5_KDC_PROFILE, kdcConfig(dir, port));
  await writeFile(path.join(dir, 'kadm5.acl'), '');
  run(KDB5_UTIL, ['create', '-s', '-r', REALM, '-P', 'master-key-pw-1'], env);
  const kadmin = (query: string): string => run(KADMIN_LOCAL, ['-r', REALM, '-q', query], env);
  const child = spawn(KRB5KDC, ['-n', '-r', REALM], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => { stderr += d.toString(); });
  try {
    await waitForPort(port, child, Date.now() + 15_000);
  } catch (err) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}: ${stderr}`, { cause: err });
  }
  return {
    realm: REALM,
    dir,
    env,
    addPrincipal: (name, password) => { kadmin(password === null ? `addprinc -randkey ${name}` : `addprinc -pw ${password} ${name}`); },
    keytab: (file, ...principals) => {
      const p = path.join(dir, file);
      kadmin(`ktadd -k ${p} ${principals.join(' ')}`);
      return p;
    },
    kinit: (principal, password, cacheName) => {
      const cache = `FILE:${path.join(dir, cacheName)}`;
      run('kinit', [principal], { ...env, KRB5CCNAME: cache }, `${password}\n`);
      return cache;
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
