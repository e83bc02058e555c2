/** Flushing a directory's entries (a rename or a new file) to disk. */
import { open } from 'node:fs/promises';

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
