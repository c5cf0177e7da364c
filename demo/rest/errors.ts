// WordPress REST errors as values: `{ code, message, data: { status, … } }`, with the codes and
// messages core uses, so that clients written against the demo handle a real WordPress too.

export interface RestErrorBody {
  code: string;
  message: string;
  data: { status: number; [key: string]: unknown } | null;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  get body(): RestErrorBody {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.extra } };
  }
}

/** 401 for anonymous requests, 403 once logged in (rest_authorization_required_code). */
export function authorizationCode(authenticated: boolean): number {
  return authenticated ? 403 : 401;
}

export const errors = {
  noRoute: () => new RestError(404, "rest_no_route", "No route was found matching the URL and request method."),
  invalidPostId: () => new RestError(404, "rest_post_invalid_id", "Invalid post ID."),
  invalidTerm: () => new RestError(404, "rest_term_invalid", "Term does not exist."),
  invalidUser: () => new RestError(404, "rest_user_invalid_id", "Invalid user ID."),
  forbidden: (authenticated: boolean) =>
    new RestError(authorizationCode(authenticated), "rest_forbidden", "Sorry, you are not allowed to do that."),
  forbiddenContext: (authenticated: boolean, what: "posts" | "post" | "terms" | "term") =>
    new RestError(
      authorizationCode(authenticated),
      "rest_forbidden_context",
      {
        posts: "Sorry, you are not allowed to edit posts in this post type.",
        post: "Sorry, you are not allowed to edit this post.",
        terms: "Sorry, you are not allowed to edit terms in this taxonomy.",
        term: "Sorry, you are not allowed to edit this term.",
      }[what],
    ),
  incorrectPassword: () => new RestError(403, "rest_post_incorrect_password", "Incorrect post password."),
  invalidPageNumber: (code = "rest_post_invalid_page_number") =>
    new RestError(400, code, "The page number requested is larger than the number of pages available."),
  noSearchTerm: () =>
    new RestError(400, "rest_no_search_term_defined", "You need to define a search term to order by relevance."),
  includeMissing: () =>
    new RestError(
      400,
      "rest_orderby_include_missing_include",
      "You need to define an include parameter to order by include.",
    ),
  cannotCreate: (authenticated: boolean) =>
    new RestError(
      authorizationCode(authenticated),
      "rest_cannot_create",
      "Sorry, you are not allowed to create posts as this user.",
    ),
  cannotEdit: (authenticated: boolean) =>
    new RestError(
      authorizationCode(authenticated),
      "rest_cannot_edit",
      "Sorry, you are not allowed to edit this post.",
    ),
  cannotDelete: (authenticated: boolean) =>
    new RestError(
      authorizationCode(authenticated),
      "rest_cannot_delete",
      "Sorry, you are not allowed to delete this post.",
    ),
  invalidType: () => new RestError(404, "rest_type_invalid", "Invalid post type."),
  invalidTaxonomy: () => new RestError(404, "rest_taxonomy_invalid", "Invalid taxonomy."),
  incorrectAppPassword: () =>
    new RestError(401, "incorrect_password", "The provided password is an invalid application password."),
  invalidUsername: () =>
    new RestError(401, "invalid_username", "Unknown username. Check again or try your email address."),
};

/** One invalid parameter: the message shown in `params` and the error kept in `details`. */
export interface ParamProblem {
  param: string;
  code: string;
  message: string;
  data?: Record<string, unknown> | null;
}

/** rest_invalid_param, listing every bad parameter as WP_REST_Request::has_valid_params does. */
export function invalidParams(problems: ParamProblem[]): RestError {
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const p of problems) {
    params[p.param] = p.message;
    details[p.param] = { code: p.code, message: p.message, data: p.data ?? null };
  }
  return new RestError(400, "rest_invalid_param", `Invalid parameter(s): ${Object.keys(params).join(", ")}`, {
    params,
    details,
  });
}
