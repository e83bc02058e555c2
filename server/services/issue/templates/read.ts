/**
 * A repository's issue templates and issue config from its default branch (Gitea's services/issue/template.go),
 * read through the repository's running object reader and cached by the branch's commit id: reading them again
 * while the branch has not moved costs one ref lookup. Bounded: at most MAX_FILES template files, each at most
 * MAX_FILE_BYTES.
 */
import type { AppContext } from '../../context.ts';
import type { RepoRecord } from '../../../store/records.ts';
import type { IssueConfig, IssueTemplate, IssueTemplateError } from '../../../structs/issue-template.ts';
import { entryAtPath, readTree } from '../../../git/read.ts';
import { cached, readerFor, refsOf } from '../../repository/cache.ts';
import { peelToCommit } from '../../repository/read.ts';
import { templateType, unmarshalTemplate } from './parse.ts';
import { validateTemplate } from './validate.ts';
import { defaultIssueConfig, parseIssueConfig } from './config.ts';

/** Gitea's template folders, in the order it reads them. */
export const TEMPLATE_DIRS = [
  'ISSUE_TEMPLATE', 'issue_template', '.gitea/ISSUE_TEMPLATE', '.gitea/issue_template',
  '.github/ISSUE_TEMPLATE', '.github/issue_template', '.gitlab/ISSUE_TEMPLATE', '.gitlab/issue_template',
];

/** Where the config file may be (each as .yaml, then .yml). */
const CONFIG_BASES = ['.gitea/ISSUE_TEMPLATE/config', '.gitea/issue_template/config', '.github/ISSUE_TEMPLATE/config', '.github/issue_template/config'];

/** The single-file templates Gitea's new-issue page falls back on when the folders hold none. */
export const SINGLE_FILE_TEMPLATES = ['ISSUE_TEMPLATE', 'issue_template', '.gitea/ISSUE_TEMPLATE', '.gitea/issue_template', '.github/ISSUE_TEMPLATE', '.github/issue_template']
  .flatMap((b) => [`${b}.md`, `${b}.yaml`, `${b}.yml`]);

/** Template files read per commit at most (Gitea has no cap; a pushed tree could hold thousands). */
export const MAX_FILES = 100;
/** A template or config file larger than this is refused unread. */
export const MAX_FILE_BYTES = 1 << 20;

export interface IssueTemplateSet {
  templates: IssueTemplate[];
  errors: IssueTemplateError[];
  /** The first single-file template, when the folders hold no template. */
  fallback: IssueTemplate | null;
  config: IssueConfig;
  /** Why the config file was not used ("" when it was, or when there is none). */
  configError: string;
  /** The config file read ("" when there is none). */
  configFile: string;
}

const EMPTY = (): IssueTemplateSet => ({ templates: [], errors: [], fallback: null, config: defaultIssueConfig(), configError: '', configFile: '' });

interface Ctx { app: AppContext; repo: RepoRecord; tree: string }

async function blobAt(c: Ctx, path: string): Promise<{ id: string } | null> {
  const at = await entryAtPath(readerFor(c.app, c.repo), c.repo.object_format, c.tree, path);
  return at?.entry.type === 'blob' ? { id: at.entry.id } : null;
}

/** A blob's text, or an error when it is larger than MAX_FILE_BYTES (its size is asked first, so it is never read). */
async function readText(c: Ctx, id: string): Promise<string> {
  const reader = readerFor(c.app, c.repo);
  const size = (await reader.info(id))?.size ?? 0;
  if (size > MAX_FILE_BYTES) throw new Error(`too large: ${size} > ${MAX_FILE_BYTES}`);
  return ((await reader.read(id))?.data ?? Buffer.alloc(0)).toString('utf8');
}

/** A template file parsed and checked, or its error. */
async function loadTemplate(c: Ctx, path: string, blob: string): Promise<IssueTemplate> {
  const t = unmarshalTemplate(path, await readText(c, blob));
  validateTemplate(t);
  // a ref that does not start with refs/ names a branch (Gitea prefixes even an empty one)
  return t.ref.startsWith('refs/') ? t : { ...t, ref: `refs/heads/${t.ref}` };
}

async function readFolders(c: Ctx, out: IssueTemplateSet): Promise<void> {
  let seen = 0;
  for (const dir of TEMPLATE_DIRS) {
    const at = await entryAtPath(readerFor(c.app, c.repo), c.repo.object_format, c.tree, dir);
    if (at?.entry.type !== 'tree') continue;
    for (const e of await readTree(readerFor(c.app, c.repo), c.repo.object_format, at.entry.id)) {
      if (e.type !== 'blob' || !templateType(e.name)) continue;
      if (++seen > MAX_FILES) return;
      const path = `${dir}/${e.name}`;
      try {
        out.templates.push(await loadTemplate(c, path, e.id));
      } catch (err) {
        out.errors.push({ file_name: path, message: (err as Error).message });
      }
    }
  }
}

async function readConfig(c: Ctx, out: IssueTemplateSet): Promise<void> {
  for (const base of CONFIG_BASES) {
    for (const path of [`${base}.yaml`, `${base}.yml`]) {
      const blob = await blobAt(c, path);
      if (!blob) continue;
      out.configFile = path;
      try {
        out.config = parseIssueConfig(await readText(c, blob.id));
      } catch (err) {
        out.configError = (err as Error).message;
      }
      return;
    }
  }
}

async function readFallback(c: Ctx, out: IssueTemplateSet): Promise<void> {
  for (const path of SINGLE_FILE_TEMPLATES) {
    const blob = await blobAt(c, path);
    if (!blob) continue;
    try {
      out.fallback = await loadTemplate(c, path, blob.id);
    } catch (err) {
      out.errors.push({ file_name: path, message: (err as Error).message });
    }
    return;
  }
}

async function readAll(app: AppContext, repo: RepoRecord, commitId: string): Promise<IssueTemplateSet> {
  const commit = await peelToCommit(app, repo, commitId);
  const out = EMPTY();
  if (!commit) return out;
  const c = { app, repo, tree: commit.tree };
  await readFolders(c, out);
  await readConfig(c, out);
  if (out.templates.length === 0) await readFallback(c, out);
  return out;
}

/** The templates, their errors and the config at the head of the default branch (none in an empty repository). */
export async function issueTemplates(app: AppContext, repo: RepoRecord): Promise<IssueTemplateSet> {
  const head = (await refsOf(app, repo)).byName.get(`refs/heads/${repo.default_branch}`);
  if (!head) return EMPTY();
  return cached(app, repo, `issue-templates:${head.id}`, () => readAll(app, repo, head.id));
}
