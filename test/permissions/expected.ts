/**
 * What Gitea's GetUserRepoPermission gives each actor of the matrix, written out from its rules: a public
 * repository of an owner the actor may see is readable (anonymous: public owners only, signed-in strangers:
 * public and limited, members: all three); teams give their mode (admin teams own the repository);
 * collaborators get their mode whatever the owner's visibility; organization owners and site admins own it.
 */
export const ACTORS = [
  'anonymous', 'stranger', 'member', 'team-read', 'team-write', 'team-admin', 'org-owner', 'collab-read', 'collab-write', 'site-admin',
] as const;
export type Actor = (typeof ACTORS)[number];

export const ORG_VISIBILITIES = ['public', 'limited', 'private'] as const;
export type OrgVisibility = (typeof ORG_VISIBILITIES)[number];

const ORDER = ['none', 'read', 'write', 'admin', 'owner'];

/** True when mode `have` is at least `need`. */
export const atLeast = (have: string, need: string): boolean => ORDER.indexOf(have) >= ORDER.indexOf(need);

/** Whether the actor may see an organization of this visibility (Gitea's HasOrgOrUserVisible). */
export function orgVisible(actor: Actor, vis: OrgVisibility): boolean {
  if (actor === 'anonymous') return vis === 'public';
  if (actor === 'stranger' || actor === 'collab-read' || actor === 'collab-write') return vis !== 'private';
  return true;
}

/** The mode Gitea gives `actor` on a repository of an organization with visibility `vis`. */
export function expectedMode(actor: Actor, vis: OrgVisibility, isPrivate: boolean): string {
  const publicRead = !isPrivate && orgVisible(actor, vis) ? 'read' : 'none';
  switch (actor) {
    case 'anonymous':
    case 'stranger':
    case 'member':
      return publicRead;
    case 'team-read':
    case 'collab-read':
      return 'read';
    case 'team-write':
    case 'collab-write':
      return 'write';
    default:
      return 'owner';
  }
}
