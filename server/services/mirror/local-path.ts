/**
 * Local repositories as migration and mirror sources (and push mirror targets): the git directory git would
 * use is found here, and it and everything it points to must stay out of the data dir. git follows a `.git`
 * file (`gitdir:` pointer), a `commondir` file, `objects/info/alternates` and any symlink inside the
 * repository, so each of them is resolved and checked; the caller hands git the checked directory itself
 * (with upload-pack's `--strict`, so git tries no other name).
 */
import path from 'node:path';
import { lstat, readdir, readFile, readlink, realpath, stat } from 'node:fs/promises';

/** Why a local path was refused: it does not exist or is no repository, or it reaches into the data dir. */
export class LocalPathError extends Error {
  readonly kind: 'local-invalid' | 'local-data';
  constructor(kind: 'local-invalid' | 'local-data', message: string) {
    super(message);
    this.kind = kind;
  }
}

const INVALID = 'Invalid local path, it does not exist or not a directory.';
const INSIDE = 'You can not import from a path inside the data directory.';
/** A repository with more entries than this is refused rather than checked for ever. */
const MAX_ENTRIES = 500_000;

/** True when `child` is `root` or inside it. */
const inside = (root: string, child: string): boolean => child === root || child.startsWith(root + path.sep);

class Checker {
  private readonly dataDir: string;
  private readonly seen = new Set<string>();
  private entries = 0;

  constructor(dataDir: string) {
    this.dataDir = dataDir;
  }

  /** Refuses a real path inside the data dir, or one that holds the data dir. */
  assertOutside(real: string): void {
    if (inside(this.dataDir, real) || inside(real, this.dataDir)) throw new LocalPathError('local-data', INSIDE);
  }

  /** Resolves a pointer found in a file (relative to `base`) and checks the directory it names, recursively. */
  private async pointer(base: string, target: string): Promise<void> {
    const real = await realpath(path.resolve(base, target.trim())).catch(() => null);
    if (!real) return;
    this.assertOutside(real);
    await this.walk(real);
  }

  /** Checks every symlink and pointer file under `dir` (a git directory or one it points to). */
  async walk(dir: string): Promise<void> {
    if (this.seen.has(dir)) return;
    this.seen.add(dir);
    const stack = [dir];
    while (stack.length > 0) {
      const d = stack.pop()!;
      for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
        if (++this.entries > MAX_ENTRIES) throw new LocalPathError('local-invalid', `${INVALID} (more than ${MAX_ENTRIES} files to check)`);
        const full = path.join(d, e.name);
        if (e.name === '.git') throw new LocalPathError('local-data', INSIDE);
        if (e.isSymbolicLink()) {
          const real = await realpath(full).catch(() => null);
          // A dangling link is checked as written: what it names could appear later.
          if (!real) this.assertOutside(path.resolve(d, await readlink(full)));
          else {
            this.assertOutside(real);
            if ((await stat(real)).isDirectory()) await this.walk(real);
          }
        } else if (e.isDirectory()) stack.push(full);
        else if (e.name === 'commondir' || e.name === 'gitdir') await this.pointer(d, await readFile(full, 'utf8'));
        else if (e.name === 'alternates') {
          for (const line of (await readFile(full, 'utf8')).split('\n')) {
            if (line.trim() && !line.startsWith('#')) await this.pointer(path.dirname(d), line);
          }
        }
      }
    }
  }
}

/** The git directory of `real` (a bare repository, or a work tree with a `.git` directory, link or file). */
async function gitDirOf(real: string): Promise<string> {
  const dotGit = path.join(real, '.git');
  const st = await lstat(dotGit).catch(() => null);
  if (!st) return real;
  if (st.isFile()) {
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(await readFile(dotGit, 'utf8'));
    if (!m) throw new LocalPathError('local-invalid', INVALID);
    return (await realpath(path.resolve(real, m[1]!)).catch(() => null)) ?? '';
  }
  return (await realpath(dotGit).catch(() => null)) ?? '';
}

/**
 * Checks a local path for a migration or mirror and returns the git directory to hand to git: absolute, real,
 * outside the data dir, and with nothing in it that points back inside.
 */
export async function checkedLocalGitDir(dataDir: string, p: string): Promise<string> {
  if (!path.isAbsolute(p)) throw new LocalPathError('local-invalid', INVALID);
  const real = await realpath(p).catch(() => null);
  if (!real || !(await stat(real)).isDirectory()) throw new LocalPathError('local-invalid', INVALID);
  const checker = new Checker(await realpath(dataDir).catch(() => path.resolve(dataDir)));
  checker.assertOutside(real);
  const gitDir = await gitDirOf(real);
  if (!gitDir) throw new LocalPathError('local-invalid', INVALID);
  checker.assertOutside(gitDir);
  const head = await stat(path.join(gitDir, 'HEAD')).catch(() => null);
  if (!head?.isFile()) throw new LocalPathError('local-invalid', INVALID);
  await checker.walk(gitDir);
  return gitDir;
}
