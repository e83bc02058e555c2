/**
 * Loads the `kerberos` binding (GSSAPI on Linux and macOS), an optional native dependency: a machine without
 * the GSSAPI headers installs without it, and then Negotiate sign-in is unavailable while the host runs as usual.
 * The package has no server side on Windows yet; the probe below finds that out the same way.
 */

/** One server-side security context (the binding's KerberosServer). */
export interface KerberosServer {
  username: string;
  response: string;
  targetName: string;
  contextComplete: boolean;
  step(token: string): Promise<string>;
}

/** The part of the binding the host uses. */
export interface KerberosBinding {
  initializeServer(service: string): Promise<KerberosServer>;
}

export type BindingState = { ok: true; binding: KerberosBinding } | { ok: false; reason: string };

/** The package name; a variable, so the type check does not need the optional package installed. */
const PACKAGE = 'kerberos';

const message = (err: unknown): string => (err instanceof Error ? err.message.split('\n')[0]! : String(err));

/**
 * Imports the binding and checks that it can accept contexts (an empty service name acquires no credentials, so
 * the probe touches no keytab). Never throws: a failure is the reason Negotiate is unavailable.
 */
export async function loadKerberos(importer: () => Promise<unknown> = () => import(PACKAGE)): Promise<BindingState> {
  try {
    const mod = (await importer()) as { default?: unknown };
    const binding = (mod.default ?? mod) as Partial<KerberosBinding>;
    if (typeof binding.initializeServer !== 'function') return { ok: false, reason: 'the kerberos package has no initializeServer' };
    await binding.initializeServer('');
    return { ok: true, binding: binding as KerberosBinding };
  } catch (err) {
    return { ok: false, reason: message(err) };
  }
}
