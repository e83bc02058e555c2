/** Gitea's rules for secret and variable names (services/secrets/validation.go), shared by both. */
import { BadRequestError } from '../../lib/errors.ts';

/** GitHub's naming rule, which Gitea follows: letters, digits and underscores, not starting with a digit. */
const NAME = /^[A-Z_][A-Z0-9_]*$/i;
/** Names the host sets itself; a stored one would shadow them. */
const RESERVED = /^GIT(EA|HUB)_/i;
/** Gitea's name column is a VARCHAR(255): a longer name could never be stored. */
export const NAME_MAX = 255;
/** Gitea's SecretDataMaxLength and VariableDataMaxLength. */
export const DATA_MAX = 65536;
/** Gitea's SecretDescriptionMaxLength / VariableDescriptionMaxLength: longer descriptions are cut. */
export const DESCRIPTION_MAX = 4096;

/** True for a name Gitea accepts. */
export const isValidName = (name: string): boolean => name.length <= NAME_MAX && NAME.test(name) && !RESERVED.test(name);

/** Throws Gitea's 400 ("invalid secret name") for a name it refuses. */
export function validateName(name: string, kind: 'secret' | 'variable'): void {
  if (!isValidName(name)) throw new BadRequestError(`invalid ${kind} name`);
}

/** Cuts a description to Gitea's limit, counting characters, not UTF-16 units. */
export function cutDescription(description: string | undefined): string {
  const chars = Array.from(description ?? '');
  return chars.length > DESCRIPTION_MAX ? chars.slice(0, DESCRIPTION_MAX).join('') : (description ?? '');
}
