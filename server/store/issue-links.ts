/**
 * The cross-repository index of issues by user (poster, assignee, mentioned): an append-only log of link
 * changes, folded in memory on first use. It lets "issues I created / am assigned / am mentioned in" list
 * without reading any repository's issues.
 */
import { AppendLog } from './engine/append-log.ts';

export type UserRole = 'poster' | 'assignee' | 'mentioned';
type Line = { u: number; k: UserRole; r: number; i: number; on: boolean };

export class UserLinks {
  private readonly log: AppendLog;
  private loaded: Promise<Map<string, Set<string>>> | null = null;

  constructor(file: string) {
    this.log = new AppendLog(file);
  }

  private load(): Promise<Map<string, Set<string>>> {
    this.loaded ??= (async () => {
      const m = new Map<string, Set<string>>();
      for (const l of await this.log.read<Line>()) this.apply(m, l);
      return m;
    })();
    return this.loaded;
  }

  private apply(m: Map<string, Set<string>>, l: Line): void {
    const key = `${l.u}:${l.k}`;
    let set = m.get(key);
    if (!set) m.set(key, (set = new Set()));
    if (l.on) set.add(`${l.r}:${l.i}`);
    else set.delete(`${l.r}:${l.i}`);
  }

  /** Records the links of one issue going from `before` to `after` (user, role) pairs. */
  async change(repoId: number, index: number, before: [number, UserRole][], after: [number, UserRole][]): Promise<void> {
    const k = ([u, r]: [number, UserRole]): string => `${u}:${r}`;
    const was = new Set(before.map(k));
    const now = new Set(after.map(k));
    const lines: Line[] = [
      ...after.filter((p) => !was.has(k(p))).map(([u, role]): Line => ({ u, k: role, r: repoId, i: index, on: true })),
      ...before.filter((p) => !now.has(k(p))).map(([u, role]): Line => ({ u, k: role, r: repoId, i: index, on: false })),
    ];
    if (!lines.length) return;
    if (this.loaded) {
      const m = await this.loaded;
      for (const l of lines) this.apply(m, l);
    }
    await this.log.append(...lines);
  }

  /** The issues where `userId` has `role`, newest index first within a repository. */
  async of(userId: number, role: UserRole): Promise<{ repoId: number; index: number }[]> {
    const set = (await this.load()).get(`${userId}:${role}`) ?? new Set<string>();
    return [...set].map((s) => {
      const [r, i] = s.split(':').map(Number);
      return { repoId: r!, index: i! };
    }).sort((a, b) => a.repoId - b.repoId || b.index - a.index);
  }
}
