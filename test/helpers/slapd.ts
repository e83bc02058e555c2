/**
 * A real OpenLDAP server for tests: Debian's `slapd` on a free loopback port, with a temp config and an mdb
 * database loaded offline with `slapadd`. Without slapd installed, startSlapd() throws: LDAP tests fail, never skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const LDAP_BASE = 'dc=homeforge,dc=test';
export const LDAP_PEOPLE = `ou=people,${LDAP_BASE}`;
/** The search account a bind-DN source uses. */
export const LDAP_READER = { dn: `cn=reader,${LDAP_BASE}`, password: 'reader-secret-1' };
/** alice is an admin (employeeType=admin); bob is not; carol has no mail attribute. */
export const LDAP_USERS = {
  alice: { password: 'alice-ldap-pass-1', mail: 'alice@ldap.test', given: 'Alice', sn: 'Liddell', admin: true },
  bob: { password: 'bob-ldap-pass-1', mail: 'bob@ldap.test', given: 'Bob', sn: 'Builder', admin: false },
  carol: { password: 'carol-ldap-pass-1', mail: '', given: 'Carol', sn: 'Danvers', admin: false },
} as const;
export const LDAP_ADMIN_FILTER = '(employeeType=admin)';

const SLAPD = ['/usr/sbin/slapd', '/usr/local/sbin/slapd'].find((p) => existsSync(p));
const SLAPADD = ['/usr/sbin/slapadd', '/usr/local/sbin/slapadd'].find((p) => existsSync(p));
const SCHEMA_DIR = '/etc/ldap/schema';
const MODULE_DIR = ['/usr/lib/ldap', '/usr/lib/x86_64-linux-gnu/ldap', '/usr/lib/aarch64-linux-gnu/ldap'].find((p) => existsSync(p));

export interface Slapd {
  host: string;
  port: number;
  url: string;
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

function config(dir: string): string {
  return [
    ...['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `include ${SCHEMA_DIR}/${s}.schema`),
    MODULE_DIR ? `modulepath ${MODULE_DIR}\nmoduleload back_mdb` : '',
    `pidfile ${path.join(dir, 'slapd.pid')}`,
    'database mdb',
    `suffix "${LDAP_BASE}"`,
    `rootdn "cn=manager,${LDAP_BASE}"`,
    'rootpw manager-secret-1',
    `directory ${path.join(dir, 'db')}`,
    'maxsize 10485760',
    'access to attrs=userPassword by self read by anonymous auth by * none',
    'access to * by users read by * none',
    '',
  ].join('\n');
}

function entries(): string {
  const blocks = [
    `dn: ${LDAP_BASE}\nobjectClass: dcObject\nobjectClass: organization\ndc: homeforge\no: Homeforge test`,
    `dn: ${LDAP_PEOPLE}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ${LDAP_READER.dn}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: reader\nuserPassword: ${LDAP_READER.password}`,
  ];
  for (const [uid, u] of Object.entries(LDAP_USERS)) {
    const lines = [
      `dn: uid=${uid},${LDAP_PEOPLE}`, 'objectClass: inetOrgPerson', `uid: ${uid}`, `cn: ${u.given} ${u.sn}`,
      `givenName: ${u.given}`, `sn: ${u.sn}`, `userPassword: ${u.password}`,
    ];
    if (u.mail) lines.push(`mail: ${u.mail}`);
    if (u.admin) lines.push('employeeType: admin');
    blocks.push(lines.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

async function waitForPort(port: number, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited with code ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('slapd did not start listening in time');
}

/** Starts slapd with the test directory loaded; stop() kills it and removes its files. */
export async function startSlapd(): Promise<Slapd> {
  if (!SLAPD || !SLAPADD) {
    throw new Error('slapd is not installed: apt-get install slapd ldap-utils (the LDAP tests need a real server)');
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-slapd-'));
  await mkdir(path.join(dir, 'db'));
  const conf = path.join(dir, 'slapd.conf');
  await writeFile(conf, config(dir));
  await writeFile(path.join(dir, 'data.ldif'), entries());
  const load = spawnSync(SLAPADD, ['-q', '-f', conf, '-l', path.join(dir, 'data.ldif')], { encoding: 'utf8' });
  if (load.status !== 0) throw new Error(`slapadd failed: ${load.stderr}`);
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}/`;
  // -d 0 keeps slapd in the foreground (so the child is the server) without debug output.
  const child = spawn(SLAPD, ['-f', conf, '-h', url, '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
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
    host: '127.0.0.1',
    port,
    url,
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
