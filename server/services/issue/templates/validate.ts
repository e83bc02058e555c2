/** Gitea's checks of an issue template (modules/issue/template/template.go); the first failure is the file's error. */
import type { IssueFormField, IssueTemplate } from '../../../structs/issue-template.ts';
import { templateType } from './parse.ts';

const FIELD_TYPES = new Set(['markdown', 'textarea', 'input', 'dropdown', 'checkboxes']);

class Position {
  constructor(readonly at: string) {}
  error(message: string): Error {
    return new Error(`${this.at}: ${message}`);
  }
}

const position = (idx: number, type: string, option?: number): Position =>
  new Position(`body[${idx}](${type})${option === undefined ? '' : `, option[${option}]`}`);

type Attrs = Record<string, unknown> | null;

function stringItems(p: Position, m: Attrs, required: boolean, ...names: string[]): void {
  for (const name of names) {
    if (!m || !(name in m)) {
      if (required) throw p.error(`'${name}' is required`);
      return;
    }
    const v = m[name];
    if (typeof v !== 'string') throw p.error(`'${name}' should be a string`);
    if (required && v.trim() === '') throw p.error(`'${name}' is required`);
  }
}

function boolItems(p: Position, m: Attrs, ...names: string[]): void {
  for (const name of names) {
    if (!m || !(name in m)) return;
    if (typeof m[name] !== 'boolean') throw p.error(`'${name}' should be a bool`);
  }
}

/** Whether the field shows on the form (Gitea's VisibleOnForm). */
export const visibleOnForm = (f: IssueFormField): boolean => !f.visible?.length || f.visible.includes('form');

function checkboxOption(p: Position, opt: unknown): void {
  if (typeof opt !== 'object' || opt === null || Array.isArray(opt)) throw p.error('should be a dictionary');
  const o = opt as Record<string, unknown>;
  if (typeof o.label !== 'string' || o.label === '') throw p.error("'label' is required and should be a string");
  if ('visible' in o) {
    if (!Array.isArray(o.visible)) throw p.error("'visible' should be list");
    if (o.visible.some((v) => v !== 'form' && v !== 'content')) throw p.error("'visible' list can only contain strings of 'form' and 'content'");
  }
  if ('required' in o) {
    if (typeof o.required !== 'boolean') throw p.error("'required' should be a bool");
    if (Array.isArray(o.visible) && !o.visible.includes('form')) throw p.error('can not require a hidden checkbox');
  }
}

function options(f: IssueFormField, idx: number): void {
  const opts = f.attributes?.options;
  if (!Array.isArray(opts) || opts.length === 0) throw position(idx, f.type).error("'options' is required and should be a array");
  opts.forEach((opt, i) => {
    const p = position(idx, f.type, i);
    if (f.type === 'dropdown' && typeof opt !== 'string') throw p.error('should be a string');
    if (f.type === 'checkboxes') checkboxOption(p, opt);
  });
}

function dropdownDefault(p: Position, attrs: Attrs): void {
  if (!attrs || !('default' in attrs)) return;
  const v = attrs.default;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw p.error("'default' should be an int");
  if (v < 0 || v >= (attrs.options as unknown[]).length) throw p.error("the value of 'default' is out of range");
}

function checkId(f: IssueFormField, idx: number, ids: Set<string>): void {
  if (f.type === 'markdown') return;
  const p = position(idx, f.type);
  if (f.id === '') throw p.error("'id' is required");
  // go-chi's AlphaDashPattern: letters, digits, '_' and '-' only
  if (/[^0-9A-Za-z_-]/.test(f.id)) throw p.error("'id' should contain only alphanumeric, '-' and '_'");
  if (ids.has(f.id)) throw p.error("'id' should be unique");
  ids.add(f.id);
}

function checkType(f: IssueFormField, idx: number): void {
  const p = position(idx, f.type);
  const a = f.attributes;
  switch (f.type) {
    case 'markdown': return stringItems(p, a, true, 'value');
    case 'textarea': return stringItems(p, a, false, 'description', 'placeholder', 'value', 'render');
    case 'input':
      stringItems(p, a, false, 'description', 'placeholder', 'value');
      boolItems(p, f.validations, 'is_number');
      return stringItems(p, f.validations, false, 'regex');
    case 'dropdown':
      stringItems(p, a, false, 'description');
      boolItems(p, a, 'multiple');
      options(f, idx);
      return dropdownDefault(p, a);
    case 'checkboxes':
      stringItems(p, a, false, 'description');
      return options(f, idx);
  }
}

/** A field's own `visible` list: Gitea takes any words there; only its two are kept here, so the answer stays in its enum. */
function checkVisible(f: IssueFormField, idx: number): void {
  if (f.visible?.some((v) => v !== 'form' && v !== 'content')) throw position(idx, f.type).error("'visible' list can only contain strings of 'form' and 'content'");
}

function checkRequired(f: IssueFormField, idx: number): void {
  if (f.type === 'markdown' || f.type === 'checkboxes') return;
  const p = position(idx, f.type);
  boolItems(p, f.validations, 'required');
  if (f.validations?.required === true && !visibleOnForm(f)) throw p.error('can not require a hidden field');
}

function checkForm(t: IssueTemplate): void {
  if (!t.body?.length) throw new Error("'body' is required");
  const ids = new Set<string>();
  t.body.forEach((f, idx) => {
    checkId(f, idx, ids);
    if (f.type !== 'markdown') stringItems(position(idx, f.type), f.attributes, true, 'label');
    if (!FIELD_TYPES.has(f.type)) throw position(idx, f.type).error('unknown type');
    checkType(f, idx);
    checkVisible(f, idx);
    checkRequired(f, idx);
  });
}

/** Throws the template's first problem, in Gitea's words; returns when it may be offered. */
export function validateTemplate(t: IssueTemplate): void {
  if (t.name.trim() === '') throw new Error("'name' is required");
  if (t.about.trim() === '') throw new Error("'about' is required");
  if (templateType(t.file_name) === 'yaml') checkForm(t);
}
