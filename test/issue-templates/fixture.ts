/** Template files the issue template tests push: a markdown template, an issue form, a broken form and a config. */

export const BUG_MD = `---
name: Bug report
about: Something is broken
title: "[bug] "
labels: ["bug"]
ref: main
---
## Steps

1.
`;

export const FORM_YAML = `name: Feature request
description: Ask for something new
title: "[feature] "
labels: feature
body:
  - type: markdown
    attributes:
      value: Thanks for asking.
  - type: input
    id: summary
    attributes:
      label: Summary
    validations:
      required: true
  - type: textarea
    id: details
    attributes:
      label: Details
      render: text
  - type: dropdown
    id: area
    attributes:
      label: Area
      options: [API, UI, Git]
  - type: checkboxes
    id: checks
    attributes:
      label: Checks
      options:
        - label: I searched the issues
          required: true
        - label: I can help
`;

/** An issue form without `about` (or `description`): left out, and listed as an error. */
export const BROKEN_YAML = `name: Broken
body:
  - type: input
    id: x
    attributes:
      label: X
`;

export const CONFIG_YAML = `blank_issues_enabled: false
contact_links:
  - name: Forum
    url: https://forum.example.com
    about: Questions go to the forum
`;

export const TEMPLATE_FILES: Record<string, string> = {
  '.gitea/ISSUE_TEMPLATE/bug.md': BUG_MD,
  '.gitea/ISSUE_TEMPLATE/feature.yaml': FORM_YAML,
  '.gitea/ISSUE_TEMPLATE/broken.yaml': BROKEN_YAML,
  '.gitea/ISSUE_TEMPLATE/config.yaml': CONFIG_YAML,
  '.github/ISSUE_TEMPLATE/other.md': '---\nname: Other\nabout: Anything else\n---\nTell us.\n',
  '.gitea/ISSUE_TEMPLATE/notes.txt': 'not a template\n',
};
