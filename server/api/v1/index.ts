/** Every /api/v1 route, area by area. Each area file reads top to bottom: path, access, scope, handler. */
import type { RouteDef } from '../router/route.ts';
import { miscRoutes } from './misc/misc.ts';
import { markdownRoutes } from './misc/markdown.ts';
import { compareRoutes } from './repo/compare.ts';
import { repoRoutes } from './repo/repos.ts';
import { transferRoutes } from './repo/transfer.ts';
import { userRoutes } from './user/users.ts';
import { adminUserRoutes } from './admin/users.ts';
import { adminCronRoutes } from './admin/cron.ts';
import { tokenRoutes } from './user/tokens.ts';
import { userSettingsRoutes } from './user/settings.ts';
import { repoGitRoutes } from './repo/git.ts';
import { repoFileRoutes } from './repo/files.ts';
import { watchRoutes } from './repo/watch.ts';
import { starRoutes } from './repo/star.ts';
import { notificationRoutes } from './notify/threads.ts';
import { topicRoutes } from './repo/topic.ts';
import { repoAvatarRoutes } from './repo/avatar.ts';
import { userAvatarRoutes } from './user/avatar.ts';
import { followRoutes } from './user/follow.ts';
import { orgAvatarRoutes } from './org/avatar.ts';
import { hookRoutes } from './hook/hooks.ts';
import { hookDeliveryRoutes } from './hook/deliveries.ts';
import { orgRoutes } from './org/orgs.ts';
import { orgMemberRoutes } from './org/members.ts';
import { teamRoutes } from './org/teams.ts';
import { collaboratorRoutes } from './repo/collaborators.ts';
import { mirrorRoutes } from './repo/mirrors.ts';
import { issueRoutes, issueSearchRoutes } from './repo/issue.ts';
import { issueCommentRoutes } from './repo/issue-comment.ts';
import { issueLabelRoutes } from './repo/issue-label.ts';
import { issueMilestoneRoutes } from './repo/issue-milestone.ts';
import { issueDependencyRoutes } from './repo/issue-dependency.ts';
import { issuePinLockRoutes } from './repo/issue-pin-lock.ts';
import { wikiRoutes } from './repo/wiki.ts';
import { packageRoutes } from './packages/packages.ts';
import { issueReactionRoutes } from './repo/issue-reaction.ts';
import { issueSubscriptionRoutes } from './repo/issue-subscription.ts';
import { issueTimelineRoutes } from './repo/issue-timeline.ts';
import { issueAttachmentRoutes } from './repo/issue-attachment.ts';
import { issueTemplateRoutes } from './repo/issue-template.ts';
import { statusRoutes } from './repo/status.ts';
import { actionRoutes } from './repo/actions.ts';
import { actionAttemptRoutes } from './repo/action-attempts.ts';
import { actionWorkflowRoutes } from './repo/action-workflows.ts';
import { actionArtifactRoutes } from './repo/action-artifacts.ts';
import { releaseRoutes } from './repo/release.ts';
import { releaseAssetRoutes } from './repo/release-asset.ts';
import { tagProtectionRoutes } from './repo/tag-protection.ts';
import { branchProtectionRoutes } from './repo/branch-protection.ts';
import { pullReviewRoutes } from './repo/pull-review.ts';
import { pullByBaseHeadRoutes, pullRoutes } from './repo/pull.ts';
import { pullMergeRoutes } from './repo/pull-merge.ts';
import { forkRoutes } from './repo/fork.ts';
import { actionSecretRoutes } from './actions/secrets.ts';
import { actionVariableRoutes } from './actions/variables.ts';
import { runnerRoutes } from './actions/runners.ts';
import { feedRoutes } from './feed/feeds.ts';

export const API_V1_ROUTES: RouteDef[] = [
  ...miscRoutes,
  ...markdownRoutes,
  ...orgRoutes,
  ...orgMemberRoutes,
  ...orgAvatarRoutes,
  ...teamRoutes,
  ...collaboratorRoutes,
  ...issueSearchRoutes,
  ...repoRoutes,
  ...transferRoutes,
  ...userRoutes,
  ...userSettingsRoutes,
  ...userAvatarRoutes,
  ...followRoutes,
  ...adminUserRoutes,
  ...adminCronRoutes,
  ...tokenRoutes,
  // before the git routes: `git/commits/{sha}.{diffType}` would otherwise be read as a commit named `{sha}.diff`
  ...compareRoutes,
  ...repoGitRoutes,
  ...repoFileRoutes,
  ...watchRoutes,
  ...starRoutes,
  ...notificationRoutes,
  ...topicRoutes,
  ...repoAvatarRoutes,
  ...hookRoutes,
  ...hookDeliveryRoutes,
  ...mirrorRoutes,
  ...issueCommentRoutes,
  ...issuePinLockRoutes,
  ...issueRoutes,
  ...issueLabelRoutes,
  ...issueMilestoneRoutes,
  ...issueDependencyRoutes,
  ...wikiRoutes,
  ...packageRoutes,
  ...issueReactionRoutes,
  ...issueSubscriptionRoutes,
  ...issueTimelineRoutes,
  ...issueAttachmentRoutes,
  ...issueTemplateRoutes,
  ...statusRoutes,
  ...releaseRoutes,
  ...releaseAssetRoutes,
  ...tagProtectionRoutes,
  ...forkRoutes,
  ...branchProtectionRoutes,
  ...pullReviewRoutes,
  ...pullRoutes,
  ...pullMergeRoutes,
  ...pullByBaseHeadRoutes,
  ...actionSecretRoutes,
  ...actionVariableRoutes,
  ...runnerRoutes,
  ...actionRoutes,
  ...actionAttemptRoutes,
  ...actionWorkflowRoutes,
  ...actionArtifactRoutes,
  ...feedRoutes,
];
