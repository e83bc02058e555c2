/**
 * The snapshot point of a backup, for the writers of refs. Each change of refs the host makes (an API ref
 * write, a push from its pre-receive callback until its push processing is done) holds a lease; `fix` stops new
 * leases, waits for the held ones, runs the snapshot and lets the waiting writers go. So a push is wholly before
 * the point (refs and records) or wholly after it.
 *
 * A push that no rule can refuse skips the callback (one `sh`, no JavaScript): its hook writes a marker file
 * first, then looks for the gate file. `fix` creates the gate file first, then reads the markers: a push with no
 * marker yet will see the gate and call back; a push with a marker either called back or is finishing, and is
 * waited for. Pushes still sending their pack hold nothing.
 */
import { mkdirSync, rmSync, writeFileSync, existsSync, unlinkSync } from 'node:fs';
import path from 'node:path';

interface OpenPush { marker: string; calledBack: boolean; ended: boolean }

/** How long a snapshot point waits for writers before it gives up (the backup then fails and says why). */
const SETTLE_LIMIT_MS = 30_000;

export class PointGate {
  readonly runDir: string;
  readonly gateFile: string;
  private writers = 0;
  private fixing: Promise<void> | null = null;
  private readonly pushes = new Set<OpenPush>();
  private seq = 0;
  private copying = 0;
  private readonly doomed = new Map<string, () => Promise<void>>();

  /** `runDir` holds the gate file and the push markers (under the data dir, never backed up). */
  constructor(runDir: string) {
    this.runDir = runDir;
    this.gateFile = path.join(runDir, 'snapshot-point');
    rmSync(this.gateFile, { force: true });
  }

  /** Waits while a point is being fixed, then holds a lease; call the result when the change is complete. */
  async enter(): Promise<() => void> {
    while (this.fixing) await this.fixing;
    return this.hold();
  }

  /**
   * Another lease for a change that holds one already and outlives it (records written after the answer).
   * Never waits: while a lease is held no point can pass its settling, so this one is waited for as well.
   */
  hold(): () => void {
    this.writers += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.writers -= 1;
    };
  }

  /** Registers a receive-pack run: the marker path its hook writes, and the calls for its callback and its end. */
  openPush(): { marker: string; calledBack: () => void; end: () => void } {
    mkdirSync(this.runDir, { recursive: true, mode: 0o700 });
    this.seq += 1;
    const p: OpenPush = { marker: path.join(this.runDir, `push-${process.pid}-${this.seq}`), calledBack: false, ended: false };
    this.pushes.add(p);
    return {
      marker: p.marker,
      calledBack: () => { p.calledBack = true; },
      end: () => {
        p.ended = true;
        this.pushes.delete(p);
        try { unlinkSync(p.marker); } catch { /* never written: the push failed before its hook */ }
      },
    };
  }

  private settled(): boolean {
    if (this.writers > 0) return false;
    for (const p of this.pushes) if (!p.ended && !p.calledBack && existsSync(p.marker)) return false;
    return true;
  }

  /** Fixes a point: no ref writer runs while `snapshot` does. Throws when writers do not finish in time. */
  async fix<T>(snapshot: () => Promise<T>): Promise<T> {
    while (this.fixing) await this.fixing;
    let open!: () => void;
    this.fixing = new Promise<void>((resolve) => { open = resolve; });
    try {
      mkdirSync(this.runDir, { recursive: true, mode: 0o700 });
      writeFileSync(this.gateFile, '');
      const until = Date.now() + SETTLE_LIMIT_MS;
      while (!this.settled()) {
        if (Date.now() > until) throw new Error('pushes and ref writes did not pause within 30 s');
        await new Promise((r) => setTimeout(r, 2));
      }
      return await snapshot();
    } finally {
      rmSync(this.gateFile, { force: true });
      this.fixing = null;
      open();
    }
  }

  /** Marks a backup copying repository files: removals of repositories wait until it ends. */
  holdFiles(): () => void {
    this.copying += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.copying -= 1;
      if (this.copying > 0) return;
      const due = [...this.doomed.values()];
      this.doomed.clear();
      for (const rm of due) void rm().catch(() => undefined);
    };
  }

  /** Removes a repository directory now, or once the backups copying files have finished (then it is doomed). */
  async removeDir(dir: string, rm: () => Promise<void>): Promise<void> {
    if (this.copying === 0) return rm();
    this.doomed.set(path.resolve(dir), rm);
  }

  /** True for a directory whose removal waits for a backup: a snapshot point leaves it out. */
  isDoomed(dir: string): boolean {
    return this.doomed.has(path.resolve(dir));
  }
}
