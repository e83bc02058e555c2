/** A wiki commit as the git layer reads it and the convert layer turns it into Gitea's `WikiCommit`. */
export interface WikiCommitInfo {
  sha: string;
  authorName: string;
  authorEmail: string;
  authorDate: string;
  committerName: string;
  committerEmail: string;
  committerDate: string;
  message: string;
}
