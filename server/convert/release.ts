/** Maps stored releases and their attachments to Gitea's `Release` and `Attachment` JSON. */
import type { ReleaseRecord } from '../store/releases.ts';
import type { ReleaseAssetRecord } from '../store/release-assets.ts';
import type { RepoRecord, UserRecord } from '../store/records.ts';
import type { Attachment, Release } from '../structs/release.ts';
import { repoUrls } from './repo.ts';
import { toUser } from './user.ts';

/** Each path segment percent-encoded, slashes kept (Gitea's util.PathEscapeSegments). */
const escapeSegments = (s: string): string => s.split('/').map(encodeURIComponent).join('/');

/** The browser address of a release file: `/{owner}/{repo}/releases/download/{tag}/{name}`. */
export function assetDownloadUrl(owner: UserRecord, repo: RepoRecord, tag: string, name: string, baseUrl: string): string {
  return `${repoUrls(owner, repo, baseUrl).html}/releases/download/${escapeSegments(tag)}/${encodeURIComponent(name)}`;
}

/** Gitea's ToAPIAttachment of a release file. */
export function toAttachment(a: ReleaseAssetRecord, tag: string, owner: UserRecord, repo: RepoRecord, baseUrl: string): Attachment {
  return {
    id: a.id, name: a.name, size: a.size, download_count: a.download_count, created_at: a.created, uuid: a.uuid,
    browser_download_url: assetDownloadUrl(owner, repo, tag, a.name, baseUrl),
  };
}

/** Gitea's ToAPIRelease; `publisher` is the ghost user when the publisher is unknown or gone. */
export function toRelease(r: ReleaseRecord, publisher: UserRecord, assets: ReleaseAssetRecord[], owner: UserRecord, repo: RepoRecord, viewer: UserRecord | null, baseUrl: string): Release {
  const urls = repoUrls(owner, repo, baseUrl);
  const tag = escapeSegments(r.tag_name);
  const api = `${urls.api}/releases/${r.id}`;
  return {
    id: r.id, tag_name: r.tag_name, target_commitish: r.target, name: r.title, body: r.note, url: api,
    html_url: `${urls.html}/releases/tag/${tag}`, tarball_url: `${urls.html}/archive/${tag}.tar.gz`, zipball_url: `${urls.html}/archive/${tag}.zip`,
    upload_url: `${api}/assets`, draft: r.is_draft, prerelease: r.is_prerelease, created_at: r.created, published_at: r.created,
    author: toUser(publisher, viewer, baseUrl), assets: assets.map((a) => toAttachment(a, r.tag_name, owner, repo, baseUrl)),
  };
}
