/** Typed service errors. One HTTP middleware maps them to Gitea's `{message, url}` body and status. */
export class ServiceError extends Error {
  readonly status: number;
  /** Field-by-field findings (the answer's `errors` list), for clients that show them beside their fields. */
  readonly fields: FieldError[] | undefined;
  constructor(status: number, message: string, fields?: FieldError[]) {
    super(message);
    this.status = status;
    this.name = new.target.name;
    this.fields = fields;
  }
}

/** 400: the request is malformed (unparsable body, bad header). */
export class BadRequestError extends ServiceError {
  constructor(message: string, fields?: FieldError[]) { super(400, message, fields); }
}

/** 401: no or wrong credentials. `challenge` adds WWW-Authenticate so git asks for credentials. */
export class UnauthorizedError extends ServiceError {
  readonly challenge: boolean;
  constructor(message = 'invalid username, password or token', challenge = false) {
    super(401, message);
    this.challenge = challenge;
  }
}

/** 403: authenticated but not allowed. */
export class ForbiddenError extends ServiceError {
  constructor(message: string, fields?: FieldError[]) { super(403, message, fields); }
}

/** 404: missing, or hidden from this viewer (never tell a stranger a private thing exists). */
export class NotFoundError extends ServiceError {
  constructor(message = 'not found') { super(404, message); }
}

/** 405: the operation is not possible in the record's state (Gitea's answer to a merge it refuses). */
export class MethodNotAllowedError extends ServiceError {
  constructor(message: string) { super(405, message); }
}

/** 409: the name or record already exists. */
export class ConflictError extends ServiceError {
  constructor(message: string, fields?: FieldError[]) { super(409, message, fields); }
}

/** 413: the request body is larger than allowed. */
export class PayloadTooLargeError extends ServiceError {
  constructor(message = 'request body is too large') { super(413, message); }
}

/** One field's problem, for clients that show it next to the field (the `errors` list of a 422 answer). */
export interface FieldError {
  /** The field's path in the body or query, dotted (`events.0`), or `body` for the whole body. */
  field: string;
  /** What is wrong: `required`, `too_long`, `too_short`, `too_big`, `too_small`, `invalid_type`, `invalid_value`, `invalid_format`, `unknown_field`, `invalid`. */
  code: string;
  max?: number;
  min?: number;
  /** The same problem in words. */
  message: string;
}

/** 422: the body parsed but a field is missing, of the wrong type or breaks a rule. */
export class ValidationError extends ServiceError {
  constructor(message: string, fields?: FieldError[]) { super(422, message, fields); }
}

/**
 * 422 of Gitea's topic routes (its invalidTopicsError): the answer carries `invalidTopics` beside the message, the
 * names refused (a list, or the one name of a single-topic route), or null when there are too many topics. Gitea's
 * answer has no `url`; it is kept here, as on every error answer.
 */
export class InvalidTopicsError extends ValidationError {
  readonly invalidTopics: string[] | string | null;
  constructor(message: string, invalidTopics: string[] | string | null) {
    super(message);
    this.invalidTopics = invalidTopics;
  }
}

/** 301: the thing moved (a renamed or transferred repository); `location` is its new address. */
export class MovedError extends ServiceError {
  readonly location: string;
  constructor(location: string, message = 'the repository has moved') {
    super(301, message);
    this.location = location;
  }
}

/** 423: the repository is archived (Gitea's repoArchivedError). */
export class ArchivedError extends ServiceError {
  constructor(message = 'repo is archived') { super(423, message); }
}

/** 429: too many failed attempts. */
export class TooManyRequestsError extends ServiceError {
  constructor(message: string) { super(429, message); }
}

/** 404 in words for a user (or owner) that does not exist or is hidden from the viewer. */
export const userNotFound = (name: string): NotFoundError => new NotFoundError(`The user ${name} does not exist.`);

/** 404 in words for an organization that does not exist or is hidden from the viewer. */
export const orgNotFound = (name: string): NotFoundError => new NotFoundError(`The organization ${name} does not exist.`);

/** 404 in words for a repository that does not exist or is hidden from the viewer. */
export const repoNotFound = (owner: string, name: string): NotFoundError => new NotFoundError(`The repository ${owner}/${name} does not exist.`);
