import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitFrontMatter, templateType, unmarshalTemplate } from './parse.ts';
import { validateTemplate } from './validate.ts';
import { parseIssueConfig } from './config.ts';
import { renderFormBody } from '../../../lib/issue-form.ts';

/** The template's validation error, or '' when it is valid. */
function problem(file: string, text: string): string {
  try {
    validateTemplate(unmarshalTemplate(file, text));
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

const form = (body: string, head = 'name: Bug\nabout: A bug\n'): string => `${head}body:\n${body}`;

test('file names decide the kind of template; config.yaml is none', () => {
  assert.equal(templateType('.gitea/ISSUE_TEMPLATE/bug.md'), 'md');
  assert.equal(templateType('a/b.yml'), 'yaml');
  assert.equal(templateType('a/b.yaml'), 'yaml');
  assert.equal(templateType('a/config.yaml'), null);
  assert.equal(templateType('a/config.yml'), null);
  assert.equal(templateType('a/readme.txt'), null);
});

test('markdown front matter gives the metadata; the rest is the content', () => {
  const t = unmarshalTemplate('.gitea/ISSUE_TEMPLATE/bug.md', '---\nname: Bug\nabout: "Report a bug"\ntitle: "[bug] "\nlabels: bug, ui\nassignees: [a, b]\nref: main\n---\nSteps:\n1.\n');
  assert.deepEqual(t, {
    name: 'Bug', about: 'Report a bug', title: '[bug] ', labels: ['bug', 'ui'], assignees: ['a', 'b'], ref: 'main',
    content: 'Steps:\n1.\n', body: null, file_name: '.gitea/ISSUE_TEMPLATE/bug.md',
  });
  assert.equal(unmarshalTemplate('x.md', '---\nname: N\ndescription: D\n---\n').about, 'D');
  assert.deepEqual(splitFrontMatter('  -----  \na: 1\n---\nbody'), { front: 'a: 1\n', body: 'body' });
  assert.equal(splitFrontMatter('text\n---\na: 1\n---\n'), null);
  assert.equal(splitFrontMatter('---\n---\nbody'), null);
});

test('markdown without readable front matter is kept whole, named after the file', () => {
  const t = unmarshalTemplate('dir/plain.md', 'Just a body');
  assert.equal(t.name, 'plain.md');
  assert.equal(t.about, 'Just a body');
  assert.equal(t.content, 'Just a body');
  const long = 'x'.repeat(100);
  assert.equal([...unmarshalTemplate('dir/l.md', long).about].length, 80);
  assert.equal(unmarshalTemplate('dir/bad.md', '---\nname: [unclosed\n---\nbody').content, '---\nname: [unclosed\n---\nbody');
  assert.equal(problem('dir/empty.md', ''), "'about' is required");
  assert.equal(problem('dir/noname.md', '---\nabout: A\n---\n'), "'name' is required");
});

test('YAML forms: broken YAML is an error, ids default to the position, visible gets its default', () => {
  assert.match(problem('f.yaml', 'name: [x'), /^yaml unmarshal: /);
  const t = unmarshalTemplate('f.yaml', form('  - type: markdown\n    attributes: { value: hi }\n  - type: input\n    attributes: { label: L }\n'));
  assert.equal(t.body?.[1]?.id, '1');
  assert.deepEqual(t.body?.[0]?.visible, ['form']);
  assert.deepEqual(t.body?.[1]?.visible, ['form', 'content']);
  assert.equal(problem('f.yaml', form('  - type: input\n    attributes: { label: L }\n')), '');
});

test('form validation answers in Gitea\'s words', () => {
  const cases: [string, string][] = [
    ['name: B\nabout: A\n', "'body' is required"],
    [form('  - type: input\n    id: a b\n    attributes: { label: L }\n'), "body[0](input): 'id' should contain only alphanumeric, '-' and '_'"],
    [form('  - type: input\n    id: a\n    attributes: { label: L }\n  - type: textarea\n    id: a\n    attributes: { label: M }\n'), "body[1](textarea): 'id' should be unique"],
    [form('  - type: input\n    id: a\n'), "body[0](input): 'label' is required"],
    [form('  - type: input\n    attributes: { label: "  " }\n'), "body[0](input): 'label' is required"],
    [form('  - type: markdown\n    attributes: {}\n'), "body[0](markdown): 'value' is required"],
    [form('  - type: textarea\n    attributes: { label: L, description: 3 }\n'), "body[0](textarea): 'description' should be a string"],
    // as in Gitea, the optional string checks stop at the first one missing: `render` goes unchecked without `description`
    [form('  - type: textarea\n    attributes: { label: L, render: 3 }\n'), ''],
    [form('  - type: input\n    attributes: { label: L }\n    validations: { is_number: "yes" }\n'), "body[0](input): 'is_number' should be a bool"],
    [form('  - type: dropdown\n    attributes: { label: L }\n'), "body[0](dropdown): 'options' is required and should be a array"],
    [form('  - type: dropdown\n    attributes: { label: L, options: [a, { b: 1 }] }\n'), 'body[0](dropdown), option[1]: should be a string'],
    [form('  - type: dropdown\n    attributes: { label: L, options: [a], default: 1 }\n'), "body[0](dropdown): the value of 'default' is out of range"],
    [form('  - type: dropdown\n    attributes: { label: L, options: [a], multiple: 1 }\n'), "body[0](dropdown): 'multiple' should be a bool"],
    [form('  - type: checkboxes\n    attributes: { label: L, options: [a] }\n'), 'body[0](checkboxes), option[0]: should be a dictionary'],
    [form('  - type: checkboxes\n    attributes: { label: L, options: [{ label: "" }] }\n'), "body[0](checkboxes), option[0]: 'label' is required and should be a string"],
    [form('  - type: checkboxes\n    attributes: { label: L, options: [{ label: a, required: "x" }] }\n'), "body[0](checkboxes), option[0]: 'required' should be a bool"],
    [form('  - type: checkboxes\n    attributes: { label: L, options: [{ label: a, required: true, visible: [content] }] }\n'), 'body[0](checkboxes), option[0]: can not require a hidden checkbox'],
    [form('  - type: input\n    attributes: { label: L }\n    validations: { required: "no" }\n'), "body[0](input): 'required' should be a bool"],
    [form('  - type: input\n    visible: [content]\n    attributes: { label: L }\n    validations: { required: true }\n'), 'body[0](input): can not require a hidden field'],
    [form('  - type: radio\n    attributes: { label: L }\n'), 'body[0](radio): unknown type'],
  ];
  for (const [text, want] of cases) assert.equal(problem('f.yaml', text), want, text);
});

test('the config: defaults, contact links checked one by one', () => {
  assert.deepEqual(parseIssueConfig(''), { blank_issues_enabled: true, contact_links: [] });
  assert.deepEqual(parseIssueConfig('blank_issues_enabled: false\ncontact_links:\n  - name: Forum\n    url: https://forum.example\n    about: Ask there\n'),
    { blank_issues_enabled: false, contact_links: [{ name: 'Forum', url: 'https://forum.example', about: 'Ask there' }] });
  const err = (text: string) => assert.throws(() => parseIssueConfig(text)) as unknown;
  err('blank_issues_enabled: [');
  err('blank_issues_enabled: maybe');
  assert.throws(() => parseIssueConfig('contact_links:\n  - url: https://x\n    about: a\n'), /contact_link at position 1 is missing name key/);
  assert.throws(() => parseIssueConfig('contact_links:\n  - name: n\n    about: a\n'), /contact_link at position 1 is missing url key/);
  assert.throws(() => parseIssueConfig('contact_links:\n  - name: n\n    url: https://x\n'), /contact_link at position 1 is missing about key/);
  assert.throws(() => parseIssueConfig('contact_links:\n  - name: n\n    url: not a url\n    about: a\n'), /not a url is not a valid URL/);
});

test('a form\'s answers make Gitea\'s body: ### label sections, _No response_ when blank', () => {
  const t = unmarshalTemplate('f.yaml', form([
    '  - type: markdown', '    attributes: { value: intro }',
    '  - type: input', '    id: ver', '    attributes: { label: Version }',
    '  - type: textarea', '    id: logs', '    attributes: { label: Logs, render: shell }',
    '  - type: textarea', '    id: more', '    attributes: { label: More }',
    '  - type: dropdown', '    id: os', '    attributes: { label: OS, options: [Linux, Mac, Windows] }',
    '  - type: checkboxes', '    id: terms', '    attributes: { label: Terms, options: [{ label: I agree }, { label: Hidden, visible: [form] }, { label: Also }] }',
  ].join('\n') + '\n'));
  const body = renderFormBody(t.body ?? [], { ver: ' 1.2 ', logs: '```\nx\n```', os: [0, 2], terms: [0] });
  assert.equal(body, '### Version\n\n1.2\n\n### Logs\n\n````shell\n```\nx\n```\n````\n\n### More\n\n_No response_\n\n### OS\n\nLinux, Windows\n\n### Terms\n\n- [x] I agree\n- [ ] Also\n\n');
});
