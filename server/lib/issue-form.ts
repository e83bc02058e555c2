/**
 * The issue body an issue form makes from its answers, as Gitea's RenderToMarkdown does: each field shown in the
 * content as a `### label` section with the answer (`_No response_` when blank). Shared by the host and the UI.
 */

/** The parts of Gitea's IssueFormField the body is made from. */
export interface FormFieldLike {
  type: string;
  id: string;
  attributes: Record<string, unknown> | null;
  visible?: string[] | undefined;
}

/** Answers by field id: text for inputs and textareas, chosen option indexes for dropdowns and checkboxes. */
export type FormAnswers = Record<string, string | number[] | undefined>;

const NO_RESPONSE = '_No response_\n';

/** Whether the field goes into the issue body (Gitea's VisibleInContent: markdown text only when asked). */
export const visibleInContent = (f: FormFieldLike): boolean => (f.visible?.length ? f.visible.includes('content') : f.type !== 'markdown');

/** A checkbox option's label and whether it goes into the body. */
function checkbox(opt: unknown): { label: string; content: boolean } {
  const o = (typeof opt === 'object' && opt !== null ? opt : {}) as Record<string, unknown>;
  const content = Array.isArray(o.visible) ? o.visible.includes('content') : true;
  return { label: typeof o.label === 'string' ? o.label : '', content };
}

/** Three back-quotes, or one more than a run the value starts with (Gitea's minQuotes looks at the start only). */
function fence(value: string): string {
  const run = /^`{3,}/.exec(value)?.[0];
  return run ? `${run}\`` : '```';
}

function answer(f: FormFieldLike, a: FormAnswers): string {
  const attrs = f.attributes ?? {};
  const options = Array.isArray(attrs.options) ? (attrs.options as unknown[]) : [];
  const chosen = Array.isArray(a[f.id]) ? (a[f.id] as number[]) : [];
  const text = typeof a[f.id] === 'string' ? (a[f.id] as string).trim() : '';
  switch (f.type) {
    case 'checkboxes':
      return options.map((o, i) => ({ ...checkbox(o), i })).filter((o) => o.content)
        .map((o) => `- [${chosen.includes(o.i) ? 'x' : ' '}] ${o.label}\n`).join('');
    case 'dropdown': {
      const labels = options.flatMap((o, i) => (chosen.includes(i) && typeof o === 'string' ? [o] : []));
      return labels.length ? `${labels.join(', ')}\n` : NO_RESPONSE;
    }
    case 'input':
      return text ? `${text}\n` : NO_RESPONSE;
    case 'textarea': {
      if (!text) return NO_RESPONSE;
      const render = typeof attrs.render === 'string' ? attrs.render : '';
      if (!render) return `${text}\n`;
      const q = fence(text);
      return `${q}${render}\n${text}\n${q}\n`;
    }
    case 'markdown':
      return typeof attrs.value === 'string' ? `${attrs.value}\n` : '';
    default:
      return '';
  }
}

/** The issue body of a form's answers. */
export function renderFormBody(fields: readonly FormFieldLike[], answers: FormAnswers): string {
  let out = '';
  for (const f of fields) {
    if (!f.id || !visibleInContent(f)) continue;
    const hideLabel = f.type === 'markdown' || f.attributes?.hide_label === true;
    if (!hideLabel) out += `### ${typeof f.attributes?.label === 'string' ? f.attributes.label : ''}\n\n`;
    out += `${answer(f, answers)}\n`;
  }
  return out;
}
