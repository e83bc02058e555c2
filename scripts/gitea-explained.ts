/**
 * Differences from Gitea's description that are known and meant, keyed by where check:gitea reports them,
 * each with the reason. A difference not listed here makes check:gitea fail.
 */
export const EXPLAINED: Record<string, string> = {
  'GET /repos/{owner}/{repo}/pulls/{index}.{diffType}':
    "Gitea's swagger names a string answer; the body is the raw diff or patch as text/plain, in Gitea and here.",
  'CreatePullRequestOption.head': "Gitea's handler refuses a pull request without a head branch (404 or 422); here the schema says it is required.",
  'CreatePullRequestOption.base': "Gitea's handler refuses a pull request without a base branch; here the schema says it is required.",
  'CreatePullRequestOption.title': "Gitea's form binding requires the title (binding:\"Required\"); here the schema says so.",
  'MergePullRequestOption.Do': "Gitea reads the body with Go's case-insensitive JSON: clients send `Do` (gitea-js, tea), its swagger names `do`; both are read here.",
  'MergePullRequestOption.MergeTitleField': 'As for Do: the spelling Gitea\'s clients send, read beside merge_title_field.',
  'MergePullRequestOption.MergeMessageField': 'As for Do: the spelling Gitea\'s clients send, read beside merge_message_field.',
  'MergePullRequestOption.MergeCommitID': 'As for Do: the spelling Gitea\'s clients send, read beside merge_commit_id.',
  'MergePullRequestOption.do': 'Read beside Do; one of the two is required (Gitea\'s binding requires Do).',
  'PullRequest.conflicted_files': 'Homeforge adds the conflicting paths found by the mergeability check, for the merge box; clients that do not know it ignore it.',
  'PullRequest.mergeable_reasons': 'Homeforge adds why a merge is refused now (branch rules, reviews, checks), for the merge box; clients that do not know it ignore it.',
  'POST /markdown':
    "Gitea's swagger describes the answer as a string schema (MarkdownRender); the body is text/html, not JSON, in Gitea and here.",
  'POST /markdown/raw':
    'The body is the markdown text itself (text/plain, as Gitea reads it) and the answer is text/html; neither is JSON.',
  'GET /repos/{owner}/{repo}/git/commits/{sha}.{diffType}':
    "Gitea's swagger names a string answer; the body is the raw diff or patch as text/plain, in Gitea and here.",
  'POST /repos/{owner}/{repo}/transfer':
    "Gitea's handler answers 201 Created while the recipient must accept the transfer and 202 when it moved (its swagger names only 202).",
  'POST /repos/{owner}/{repo}/tags':
    "Gitea's handler answers 201 Created (its swagger says 200); Homeforge answers what Gitea sends.",
  'NotificationSubject.type':
    "Gitea's notifier also writes release threads (NotifySubjectRelease, `Release`) for watchers when a release is published; the reference swagger's enum predates it.",
  'User.username':
    "Gitea's User.MarshalJSON adds `username` (= login) for older clients; real Gitea answers carry it, its swagger does not list it.",
  'EditTeamOption.name':
    'Gitea marks it required, but its EditTeam handler keeps the old name when it is empty or missing; Homeforge does the same.',
  'EditUserOption.source_id':
    'Gitea refuses an edit without login_name/source_id; Homeforge accepts one (fields left out stay as they are). Clients that follow the spec send both and work unchanged.',
  'EditUserOption.login_name':
    'As for source_id: accepting an edit without it is a superset of what Gitea accepts.',
  'EditRepoOption.external_tracker.external_tracker_url':
    'Gitea answers 422 when the tracker URL is not a valid external URL, so a tracker without one is refused there too; here the schema says so.',
  'EditRepoOption.external_wiki.external_wiki_url':
    'As for external_tracker_url: Gitea answers 422 for a wiki without a valid URL.',
  'CreatePushMirrorOption.remote_address':
    "Gitea's handler refuses a push mirror without a usable remote address; here the schema says the field is required.",
  'DELETE /repos/{owner}/{repo}/issues/{index}/dependencies':
    "Gitea's handler answers 201 Created for the removal too (its swagger says 200); Homeforge answers what Gitea sends.",
  'DELETE /repos/{owner}/{repo}/issues/{index}/blocks':
    'As for the dependencies removal: Gitea sends 201.',
  'IssueAssigneesOption.assignees':
    'A request without assignees changes nothing in Gitea either; here the schema says the list is needed.',
  'CreateMilestoneOption.title':
    "Gitea's form binds the title as Required and answers 422 without it; here the schema says so.",
  'IssueMeta.index':
    'Gitea looks the issue up by its index and answers 404 without one; here a missing index is a 422 naming the field.',
  'Issue.projects':
    'Projects are not implemented; the field is left out rather than sent empty.',
  'CreateStatusOption.state':
    "Gitea binds no rule and would store a status without a state; here a status needs one of Gitea's states (422 otherwise).",
  'ActionRunner.version': 'Homeforge adds the version the runner declared, for the runners pages; clients that do not know it ignore it.',
  'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/zip':
    "Gitea's swagger names only 302: the answer is a redirect to a signed link to the zip, in Gitea and here.",
  'ActionArtifact.workflow_run':
    "Gitea's convert.ToActionArtifact fills only id, repository_id and head_sha of the run; the same three are sent here.",
  'ActionRunner.last_online': 'Homeforge adds when the runner was last heard from (unix seconds, 0 never), for the runners pages; clients that do not know it ignore it.',
};
