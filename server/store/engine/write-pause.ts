/**
 * A pause of the physical writes under one store root, for a backup's snapshot point. Every write to disk (a
 * document's atomic replace, an append, a journal entry) runs through `run`; `pause` lets the writes already on
 * their way finish, holds new ones, and hands back the function that lets them go. What is on disk while paused
 * is exactly what a power cut at that instant would leave, which the store is built to recover from (atomic
 * documents, torn-line-tolerant logs, the intent journal).
 */
import path from 'node:path';

export class WritePause {
  private active = 0;
  private held: Promise<void> | null = null;
  private idle: (() => void)[] = [];

  /** Runs one physical write, after any pause in force. */
  async run<T>(write: () => Promise<T>): Promise<T> {
    while (this.held) await this.held;
    this.active += 1;
    try {
      return await write();
    } finally {
      this.active -= 1;
      if (this.active === 0) for (const w of this.idle.splice(0)) w();
    }
  }

  /** Holds new writes and waits for the running ones; resolves to the release. */
  async pause(): Promise<() => void> {
    while (this.held) await this.held;
    let release!: () => void;
    this.held = new Promise<void>((resolve) => { release = resolve; });
    if (this.active > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    return () => {
      this.held = null;
      release();
    };
  }
}

const pauses = new Map<string, WritePause>();

/** The pause of the store rooted at `root` (one per root, shared by every writer under it). */
export function writePauseOf(root: string): WritePause {
  const key = path.resolve(root);
  let p = pauses.get(key);
  if (!p) {
    p = new WritePause();
    pauses.set(key, p);
  }
  return p;
}

const loose = new WritePause();

/** The pause that governs `file`: the one of the store root it lies under (a file outside every root gets a private one). */
export function writePauseFor(file: string): WritePause {
  const full = path.resolve(file);
  for (const [root, p] of pauses) if (full.startsWith(root + path.sep)) return p;
  return loose;
}
