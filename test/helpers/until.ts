/** Polls `check` every 300 ms until it returns a value; throws naming `what` after `ms`. */
export async function until<T>(check: () => Promise<T | undefined>, what: string, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
