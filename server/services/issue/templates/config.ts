/** The issue config file (config.yaml beside the templates), read and checked as Gitea's GetTemplateConfig does. */
import type { IssueConfig } from '../../../structs/issue-template.ts';
import { asString, loadYaml } from './parse.ts';

/** Gitea's config when there is no file, or when the file is wrong. */
export const defaultIssueConfig = (): IssueConfig => ({ blank_issues_enabled: true, contact_links: [] });

/** url.ParseRequestURI's acceptance, roughly: an absolute URL with a scheme, or an absolute path. */
const isRequestUri = (u: string): boolean => u.startsWith('/') || /^[A-Za-z][A-Za-z0-9+.-]*:\S/.test(u);

/** The config in a config file's text; throws Gitea's message when it is not usable. */
export function parseIssueConfig(text: string): IssueConfig {
  const doc = loadYaml(text);
  const config = defaultIssueConfig();
  if (doc === null || doc === undefined) return config;
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new Error('yaml: unmarshal errors: cannot unmarshal the document into IssueConfig');
  const m = doc as Record<string, unknown>;
  if (m.blank_issues_enabled !== undefined && m.blank_issues_enabled !== null) {
    if (typeof m.blank_issues_enabled !== 'boolean') throw new Error('yaml: unmarshal errors: cannot unmarshal blank_issues_enabled into bool');
    config.blank_issues_enabled = m.blank_issues_enabled;
  }
  if (m.contact_links !== undefined && m.contact_links !== null) {
    if (!Array.isArray(m.contact_links)) throw new Error('yaml: unmarshal errors: cannot unmarshal contact_links into []IssueConfigContactLink');
    config.contact_links = m.contact_links.map((l: unknown) => {
      const o = (typeof l === 'object' && l !== null && !Array.isArray(l) ? l : {}) as Record<string, unknown>;
      return { name: asString(o.name, 'name'), url: asString(o.url, 'url'), about: asString(o.about, 'about') };
    });
  }
  config.contact_links.forEach((link, i) => {
    if (!link.name) throw new Error(`contact_link at position ${i + 1} is missing name key`);
    if (!link.url) throw new Error(`contact_link at position ${i + 1} is missing url key`);
    if (!link.about) throw new Error(`contact_link at position ${i + 1} is missing about key`);
    if (!isRequestUri(link.url)) throw new Error(`${link.url} is not a valid URL`);
  });
  return config;
}
