// Query parameters as WordPress registers them: each route declares its arguments with a type,
// a default and limits; requests are validated first (every bad argument reported together in one
// rest_invalid_param) and sanitized after. Unknown arguments are ignored, as WordPress does.
import { invalidParams, authorizationCode, type ParamProblem } from "./errors";
import type { Query, QueryValue } from "./php";
import { slugify } from "../seed";

export type ParamSpec =
  | { type: "integer"; default?: number; minimum?: number; maximum?: number }
  | { type: "boolean"; default?: boolean }
  | { type: "string"; default?: string; enum?: readonly string[]; text?: boolean }
  | { type: "date-time" }
  | { type: "integer[]"; default?: number[] }
  | { type: "string[]"; default?: string[]; enum?: readonly string[]; slugs?: boolean }
  /** A taxonomy filter: term ids, or `{ terms, operator }` (WordPress 5.7+). */
  | { type: "terms" }
  /** Post statuses: anything but the default needs an editor's rights (sanitize_post_statuses). */
  | { type: "statuses"; default: string; enum: readonly string[] };

export type ParamSchema = Record<string, ParamSpec>;

export interface TermFilter {
  terms: number[];
  operator: "OR" | "AND";
}

export type ParamValue = number | boolean | string | number[] | string[] | TermFilter | undefined;
export type Params = Record<string, ParamValue>;

/** "a, b, and c" as wp_sprintf_l lists enum values. */
function list(values: readonly string[]): string {
  if (values.length <= 1) return values.join("");
  if (values.length === 2) return `${values[0]} and ${values[1]}`;
  return `${values.slice(0, -1).join(", ")}, and ${values[values.length - 1]}`;
}

/** wp_parse_list: a comma or space separated string, or an array as given. */
function parseList(value: QueryValue): QueryValue[] {
  if (typeof value === "string") return value.split(/[\s,]+/).filter(Boolean);
  return Array.isArray(value) ? value : Object.values(value);
}

function isInteger(value: QueryValue): value is string {
  return typeof value === "string" && /^\s*[+-]?\d+(\.0*)?\s*$/.test(value);
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

/** sanitize_text_field, roughly: no tags, no line breaks, single spaces. */
function sanitizeText(value: string): string {
  return value
    .replace(/<[^>]*>/g, "")
    .replace(/[\r\n\t ]+/g, " ")
    .trim();
}

/** One argument read: its sanitized value, or what is wrong with it. */
type Verdict = { value: ParamValue } | { problem: ParamProblem };
type SpecOf<K extends ParamSpec["type"]> = Extract<ParamSpec, { type: K }>;

/** "x is not of type T.", reported under `param` (the argument), naming `item` (an element of it). */
function notOfType(param: string, type: string, item = param): Verdict {
  return {
    problem: { param, code: "rest_invalid_type", message: `${item} is not of type ${type}.`, data: { param: item } },
  };
}

function notInEnum(param: string, item: string, values: readonly string[]): Verdict {
  return { problem: { param, code: "rest_not_in_enum", message: `${item} is not one of ${list(values)}.` } };
}

function outOfBounds(param: string, message: string): Verdict {
  return { problem: { param, code: "rest_out_of_bounds", message } };
}

/** The value of an argument the request does not give: its default, if it has one. */
function defaultOf(spec: ParamSpec): ParamValue {
  if (spec.type === "statuses") return [spec.default];
  if ("default" in spec && spec.default !== undefined)
    return (Array.isArray(spec.default) ? [...spec.default] : spec.default) as ParamValue;
  return undefined;
}

function readInteger(name: string, raw: QueryValue, spec: SpecOf<"integer">): Verdict {
  if (!isInteger(raw)) return notOfType(name, "integer");
  const value = Math.trunc(Number(raw));
  const { minimum, maximum } = spec;
  if (minimum !== undefined && maximum !== undefined && (value < minimum || value > maximum))
    return outOfBounds(name, `${name} must be between ${minimum} (inclusive) and ${maximum} (inclusive)`);
  if (minimum !== undefined && value < minimum)
    return outOfBounds(name, `${name} must be greater than or equal to ${minimum}`);
  return { value };
}

function readBoolean(name: string, raw: QueryValue): Verdict {
  const v = typeof raw === "string" ? raw.toLowerCase() : null;
  if (v === null || !["true", "false", "1", "0"].includes(v)) return notOfType(name, "boolean");
  return { value: v === "true" || v === "1" };
}

function readString(name: string, raw: QueryValue, spec: SpecOf<"string">): Verdict {
  if (typeof raw !== "string") return notOfType(name, "string");
  if (spec.enum && !spec.enum.includes(raw)) return notInEnum(name, name, spec.enum);
  return { value: spec.text ? sanitizeText(raw) : raw };
}

function readDateTime(name: string, raw: QueryValue): Verdict {
  if (typeof raw !== "string" || !RFC3339.test(raw) || Number.isNaN(Date.parse(raw.replace(" ", "T"))))
    return { problem: { param: name, code: "rest_invalid_date", message: "Invalid date." } };
  return { value: raw };
}

function readIntegers(name: string, raw: QueryValue): Verdict {
  const items = parseList(raw);
  const bad = items.findIndex((item) => !isInteger(item));
  if (bad !== -1) return notOfType(name, "integer", `${name}[${bad}]`);
  return { value: items.map((item) => Math.trunc(Number(item))) };
}

function readStrings(name: string, raw: QueryValue, spec: SpecOf<"string[]">): Verdict {
  const items = parseList(raw);
  const bad = items.findIndex((item) => typeof item !== "string");
  if (bad !== -1) return notOfType(name, "string", `${name}[${bad}]`);
  const strings = items as string[];
  const outside = spec.enum ? strings.findIndex((s) => !spec.enum?.includes(s)) : -1;
  if (outside !== -1 && spec.enum) return notInEnum(name, `${name}[${outside}]`, spec.enum);
  return { value: spec.slugs ? strings.map(slugify) : strings };
}

/** Term ids, as a list (OR) or as `{ terms, operator }`. */
function readTerms(name: string, raw: QueryValue): Verdict {
  const form = typeof raw === "object" && !Array.isArray(raw) ? raw : undefined;
  const terms = form?.terms;
  const items = parseList(terms ?? raw);
  const bad = items.findIndex((item) => !isInteger(item));
  if (bad !== -1) return notOfType(name, "integer", terms !== undefined ? `${name}[terms][${bad}]` : `${name}[${bad}]`);
  const operator = terms !== undefined && form?.operator === "AND" ? "AND" : "OR";
  return { value: { terms: items.map((i) => Number(i)), operator } };
}

function readStatuses(name: string, raw: QueryValue, spec: SpecOf<"statuses">): Verdict {
  const items = parseList(raw).filter((s): s is string => typeof s === "string");
  const outside = items.findIndex((s) => !spec.enum.includes(s));
  if (outside !== -1) return notInEnum(name, `${name}[${outside}]`, spec.enum);
  return { value: items.length ? items : [spec.default] };
}

function readOne(name: string, raw: QueryValue, spec: ParamSpec): Verdict {
  switch (spec.type) {
    case "integer":
      return readInteger(name, raw, spec);
    case "boolean":
      return readBoolean(name, raw);
    case "string":
      return readString(name, raw, spec);
    case "date-time":
      return readDateTime(name, raw);
    case "integer[]":
      return readIntegers(name, raw);
    case "string[]":
      return readStrings(name, raw, spec);
    case "terms":
      return readTerms(name, raw);
    case "statuses":
      return readStatuses(name, raw, spec);
  }
}

/** Sanitizing comes after validation: only then is a forbidden status reported. */
function refuseForbiddenStatuses(schema: ParamSchema, out: Params, authenticated: boolean): void {
  for (const [name, spec] of Object.entries(schema)) {
    if (spec.type !== "statuses") continue;
    const statuses = out[name] as string[] | undefined;
    if (statuses?.some((s) => s !== spec.default)) {
      throw invalidParams([
        {
          param: name,
          code: "rest_forbidden_status",
          message: "Status is forbidden.",
          data: { status: authorizationCode(authenticated) },
        },
      ]);
    }
  }
}

export function readParams(query: Query, schema: ParamSchema, authenticated: boolean): Params {
  const problems: ParamProblem[] = [];
  const out: Params = {};
  for (const [name, spec] of Object.entries(schema)) {
    const raw = query[name];
    const verdict = raw === undefined ? { value: defaultOf(spec) } : readOne(name, raw, spec);
    if ("problem" in verdict) problems.push(verdict.problem);
    else if (verdict.value !== undefined) out[name] = verdict.value;
  }
  if (problems.length) throw invalidParams(problems);
  refuseForbiddenStatuses(schema, out, authenticated);
  return out;
}
