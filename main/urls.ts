/** URL checks shared by the window guard and the IPC sender check. */

/** Whether `url` parses and has exactly this origin (scheme, host and port). */
export function hasOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** Whether `url` is an http or https address, the only kind handed to the system browser. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
