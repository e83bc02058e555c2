/**
 * What the preload exposes to the page as `window.homeforge`. The renderer imports these with `import type`;
 * nothing here exists at run time. Outside the desktop window (a browser on the LAN) `window.homeforge` is absent.
 */

/** The owner signed in on their own machine: an access token made for this window by the main process. */
export interface HomeforgeSession {
  /** Send as `Authorization: token <token>`. */
  token: string;
  username: string;
}

export interface HomeforgeApi {
  /** The owner's session, or null while no administrator exists yet (the first-run page creates one; ask again after). */
  session(): Promise<HomeforgeSession | null>;
}

/** The closed list of IPC channels, with what each one answers. */
export interface IpcReplies {
  'homeforge:session': HomeforgeSession | null;
}

export type IpcChannel = keyof IpcReplies;

declare global {
  interface Window {
    homeforge?: HomeforgeApi;
  }
}
