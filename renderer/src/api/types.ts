/**
 * Wire shapes the UI reads, named after Gitea's (`User`, `Repository`, `AccessToken`): the server's zod schemas
 * in server/structs are the one definition; the UI takes their inferred types.
 */
export type { Email, User, UserSettings } from '../../../server/structs/user.ts';
export type { AccessToken } from '../../../server/structs/token.ts';
export type { Repository } from '../../../server/structs/repo.ts';
export type { Organization, Team } from '../../../server/structs/org.ts';
export type { Branch } from '../../../server/structs/branch.ts';
export type { BranchProtection } from '../../../server/structs/branch-protection.ts';
export type { Tag } from '../../../server/structs/tag.ts';
export type { Commit, Compare } from '../../../server/structs/commit.ts';
export type { ContentsResponse as ContentEntry } from '../../../server/structs/content.ts';
export type { Hook, HookDelivery } from '../../../server/structs/hook.ts';
export type {
  AuthSource, HostSetting, HostStatus, MirrorStatus, SessionAnswer, SetupStatus, TwoFactorEnrolment, TwoFactorStatus, UserCapabilities,
} from '../../../server/structs/homeforge.ts';
/** A collaborator as `GET /repos/{owner}/{repo}/collaborators` lists them: Gitea's `User`. */
export type { User as Collaborator } from '../../../server/structs/user.ts';
export type { Issue, Comment } from '../../../server/structs/issue.ts';
export type { Label, Milestone } from '../../../server/structs/issue-label.ts';
export type { WikiCommitList, WikiPage, WikiPageMetaData } from '../../../server/structs/wiki.ts';
export type { Package, PackageFile } from '../../../server/structs/package.ts';
export type { Attachment, Reaction, TimelineComment, WatchInfo } from '../../../server/structs/issue-extras.ts';
export type { Release } from '../../../server/structs/release.ts';
export type { NotificationCount, NotificationThread } from '../../../server/structs/notification.ts';
export type { CommitStatus, CombinedStatus } from '../../../server/structs/status.ts';
export type { PullRequest } from '../../../server/structs/pull.ts';
export type { PullReview, PullReviewComment } from '../../../server/structs/review.ts';
export type { Activity } from '../../../server/structs/activity.ts';
