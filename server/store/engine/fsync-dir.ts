/** Flushing a directory's entries (a rename or a new file) to disk, and opening a file whose folder may be missing. */
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** Fsyncs the directory so that renames and creations in it survive a power loss; a no-op where unsupported. */
export async function fsyncDir(dir: string): Promise<void> {
  let fh;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch (err) {
    // Some platforms (Windows) cannot open or sync a directory; the rename itself is still atomic there.
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF') throw err;
  } finally {
    await fh?.close();
  }
}

/** Opens a file, making its folder only when it is missing (a reopen of a busy log costs no mkdir). */
export async function openMaking(file: string, flags: string): Promise<FileHandle> {
  try {
    return await open(file, flags);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(path.dirname(file), { recursive: true });
    return open(file, flags);
  }
}
