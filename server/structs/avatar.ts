/** Wire shapes of the avatar routes: Gitea's UpdateUserAvatarOption and UpdateRepoAvatarOption. */
import { z } from 'zod';

/** Gitea's `UpdateUserAvatarOption` (users and organizations): `image`, the image's bytes in standard base64. */
export const UpdateUserAvatarOption = z.object({ image: z.string().optional() }).meta({ id: 'UpdateUserAvatarOption' });
export type UpdateUserAvatarOption = z.infer<typeof UpdateUserAvatarOption>;

/** Gitea's `UpdateRepoAvatarOption`: the same `image` field for a repository. */
export const UpdateRepoAvatarOption = z.object({ image: z.string().optional() }).meta({ id: 'UpdateRepoAvatarOption' });
export type UpdateRepoAvatarOption = z.infer<typeof UpdateRepoAvatarOption>;
