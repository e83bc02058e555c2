/** Request bodies of the hook API: Gitea's CreateHookOption and EditHookOption, defined in structs/hook.ts. */
import { CreateHookOption, EditHookOption } from '../../structs/hook.ts';

export { CreateHookOption, EditHookOption };
/** The schema of `POST .../hooks` (older name). */
export const createHookSchema = CreateHookOption;
/** The schema of `PATCH .../hooks/{id}` (older name). */
export const editHookSchema = EditHookOption;
