/** Source archives (`{ref}.zip`, `{ref}.tar.gz`) of a commit, streamed from `git archive`, and `{ref}.bundle` from `git bundle`. */
import type { Writable } from 'node:stream';
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { streamArchive, streamBundle, type ArchiveFormat } from '../../git/archive.ts';
import type { Commit } from '../../git/objects.ts';
import { entryAtPath, treePathSegments } from '../../git/read.ts';
import { gitDirFor, readerFor } from './cache.ts';
import { resolveRef } from './read.ts';

export interface PreparedArchive {
  commitId: string;
  format: ArchiveFormat;
  contentType: string;
  /** `<repo>-<ref>.<ext>`, as Gitea names the download. */
  filename: string;
  /** Writes the archive into `out`. */
  stream: (out: Writable) => Promise<void>;
}

const CONTENT_TYPES: Record<ArchiveFormat, string> = { zip: 'application/zip', 'tar.gz': 'application/gzip', bundle: 'application/octet-stream' };
const FORMATS: [string, ArchiveFormat][] = [['.tar.gz', 'tar.gz'], ['.zip', 'zip'], ['.bundle', 'bundle']];

/** Parses `{ref}.{zip|tar.gz|bundle}`, resolves the ref (404) and checks the optional paths (404 when missing). */
export async function prepareArchive(app: AppContext, repo: RepoRecord, archive: string, paths: string[]): Promise<PreparedArchive> {
  const hit = FORMATS.find(([ext]) => archive.endsWith(ext));
  if (!hit) throw new BadRequestError(`unknown format: ${archive}`);
  const [ext, format] = hit;
  const refName = archive.slice(0, -ext.length);
  let commit: Commit;
  try {
    commit = (await resolveRef(app, repo, refName)).commit;
  } catch (err) {
    if (err instanceof NotFoundError) throw new NotFoundError(`unrecognized repository reference: ${refName}`);
    throw err;
  }
  const commitId = commit.id;
  const clean: string[] = [];
  for (const p of paths) {
    const segs = treePathSegments(p);
    const found = segs && (await entryAtPath(readerFor(app, repo), repo.object_format, commit.tree, segs.join('/')));
    if (!found || !segs?.length) throw new NotFoundError(`path not found in the repository: ${p}`);
    clean.push(segs.join('/'));
  }
  const gitDir = gitDirFor(app, repo);
  const safeRef = refName.replace(/[/\\]/g, '-');
  return {
    commitId,
    format,
    contentType: CONTENT_TYPES[format],
    filename: `${repo.name}-${safeRef}${ext}`,
    stream: (out) => (format === 'bundle'
      ? streamBundle(gitDir, commitId, repo.object_format, out)
      : streamArchive(gitDir, { commitId, format, prefix: `${repo.name}/`, paths: clean }, out)),
  };
}
