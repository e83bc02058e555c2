/**
 * Reading one issue template file as Gitea does (modules/issue/template/unmarshal.go): a markdown template's YAML
 * front matter, or a YAML issue form. Invalid YAML is an error; markdown whose front matter cannot be read is kept
 * whole, named after the file. Validation is in validate.ts.
 */
import type * as Yaml from 'yaml';
import { lazyRequire } from '../../../lib/lazy-require.ts';
import type { IssueFormField, IssueTemplate } from '../../../structs/issue-template.ts';

// The YAML parser loads with the first template read, not at start (as the workflow reader's does).
const yaml = lazyRequire<typeof Yaml>('yaml');

/** The kind of template a file name makes (Gitea's IssueTemplate.Type): config.yaml is not a template. */
export function templateType(fileName: string): 'md' | 'yaml' | null {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  if (base === 'config.yaml' || base === 'config.yml') return null;
  if (base.endsWith('.md')) return 'md';
  if (base.endsWith('.yaml') || base.endsWith('.yml')) return 'yaml';
  return null;
}

/** A YAML document as plain values; throws Gitea's "yaml unmarshal" error on a syntax error. */
export function loadYaml(text: string): unknown {
  const doc = yaml().parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const err = doc.errors[0];
  if (err) throw new Error(`yaml unmarshal: ${err.message.split('\n')[0]}`);
  // the default alias limit keeps a small file from expanding into a huge value
  return doc.toJS({ maxAliasCount: 100 }) as unknown;
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

function yamlKind(v: unknown): string {
  return Array.isArray(v) ? '!!seq' : isMap(v) ? '!!map' : typeof v === 'boolean' ? '!!bool' : typeof v === 'number' ? '!!int' : '!!str';
}

/** A scalar decoded into a string field, as yaml.v3 does (any scalar's text); a list or map is an error. */
export function asString(v: unknown, key: string): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') throw new Error(`yaml unmarshal: cannot unmarshal ${yamlKind(v)} into string (${key})`);
  return String(v as string | number | boolean);
}

/** Gitea's IssueTemplateStringSlice: a comma-separated string or a list of strings; null when absent. */
export function asStringList(v: unknown, key: string): string[] | null {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.map((x) => asString(x, key));
  if (isMap(v)) throw new Error(`yaml unmarshal: cannot unmarshal !!map into IssueTemplateStringSlice (${key})`);
  const parts = asString(v, key).split(',').map((s) => s.trim()).filter(Boolean);
  return parts.length ? parts : null;
}

function asObject(v: unknown, key: string): Record<string, unknown> | null {
  if (v === null || v === undefined) return null;
  if (!isMap(v)) throw new Error(`yaml unmarshal: cannot unmarshal ${yamlKind(v)} into map (${key})`);
  return v;
}

/** One `body` entry; ids left empty are numbered by position, and `visible` gets Gitea's default. */
function formField(raw: unknown, index: number): IssueFormField {
  const f = asObject(raw, `body[${index}]`) ?? {};
  const type = asString(f.type, 'type') as IssueFormField['type'];
  const id = asString(f.id, 'id') || String(index);
  let visible: IssueFormField['visible'];
  if (f.visible === null || f.visible === undefined) visible = type === 'markdown' ? ['form'] : ['form', 'content'];
  else if (Array.isArray(f.visible)) visible = f.visible.map((x) => asString(x, 'visible')) as IssueFormField['visible'];
  else throw new Error(`yaml unmarshal: cannot unmarshal ${yamlKind(f.visible)} into []IssueFormFieldVisible (visible)`);
  return { type, id, attributes: asObject(f.attributes, 'attributes'), validations: asObject(f.validations, 'validations'), visible };
}

/** The metadata keys a template shares in both forms; `description` stands in for an empty `about`. */
function metadata(m: Record<string, unknown>, fileName: string): IssueTemplate {
  return {
    name: asString(m.name, 'name'),
    title: asString(m.title, 'title'),
    about: asString(m.about, 'about') || asString(typeof m.description === 'object' ? null : m.description, 'description'),
    labels: asStringList(m.labels, 'labels'),
    assignees: asStringList(m.assignees, 'assignees'),
    ref: asString(m.ref, 'ref'),
    content: '',
    body: null,
    file_name: fileName,
  };
}

/** A separator line of YAML front matter: three or more dashes, blanks around them allowed. */
const isSeparator = (line: string): boolean => /^[ \t]*-{3,}[ \t\r]*$/.test(line);

/** Splits YAML front matter from a markdown file; null when it has none (Gitea's ExtractMetadata fails then). */
export function splitFrontMatter(text: string): { front: string; body: string } | null {
  const lines = text.split('\n');
  if (!isSeparator(lines[0] ?? '')) return null;
  for (let i = 1; i < lines.length; i++) {
    if (!isSeparator(lines[i]!)) continue;
    const front = lines.slice(1, i).join('\n');
    if (front === '') return null;
    return { front: `${front}\n`, body: lines.slice(i + 1).join('\n') };
  }
  return null;
}

/** Gitea's EllipsisDisplayString: at most `n` characters, the last one an ellipsis when cut. */
function ellipsis(s: string, n: number): string {
  const chars = [...s];
  return chars.length <= n ? s : `${chars.slice(0, n - 1).join('')}…`;
}

function markdownTemplate(fileName: string, text: string): IssueTemplate {
  const parts = splitFrontMatter(text);
  if (parts) {
    try {
      const meta = loadYaml(parts.front);
      if (isMap(meta)) return { ...metadata(meta, fileName), content: parts.body };
    } catch {
      // unreadable front matter: the whole file is the template, as below
    }
  }
  const name = fileName.slice(fileName.lastIndexOf('/') + 1);
  return { ...metadata({}, fileName), name, about: ellipsis(text, 80), content: text };
}

function formTemplate(fileName: string, text: string): IssueTemplate {
  const doc = loadYaml(text);
  const m = doc === null || doc === undefined ? {} : asObject(doc, 'template')!;
  const t = metadata(m, fileName);
  if (m.body === null || m.body === undefined) return t;
  if (!Array.isArray(m.body)) throw new Error(`yaml unmarshal: cannot unmarshal ${yamlKind(m.body)} into []*IssueFormField (body)`);
  return { ...t, body: m.body.map((f, i) => formField(f, i)) };
}

/** Reads a template file (not yet validated); throws when its YAML cannot be read. */
export function unmarshalTemplate(fileName: string, text: string): IssueTemplate {
  const type = templateType(fileName);
  if (type === 'md') return markdownTemplate(fileName, text);
  if (type === 'yaml') return formTemplate(fileName, text);
  throw new Error('not an issue template');
}
