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

export function readParams(query: Query, schema: ParamSchema, authenticated: boolean): Params {
  const problems: ParamProblem[] = [];
  const out: Params = {};
  const typeError = (param: string, type: string) =>
    problems.push({ param, code: "rest_invalid_type", message: `${param} is not of type ${type}.`, data: { param } });

  for (const [name, spec] of Object.entries(schema)) {
    const raw = query[name];
    if (raw === undefined) {
      if (spec.type === "statuses") out[name] = [spec.default];
      else if ("default" in spec && spec.default !== undefined) {
        out[name] = (Array.isArray(spec.default) ? [...spec.default] : spec.default) as ParamValue;
      }
      continue;
    }
    switch (spec.type) {
      case "integer": {
        if (!isInteger(raw)) {
          typeError(name, "integer");
          break;
        }
        const value = Math.trunc(Number(raw));
        if (
          spec.minimum !== undefined &&
          spec.maximum !== undefined &&
          (value < spec.minimum || value > spec.maximum)
        ) {
          problems.push({
            param: name,
            code: "rest_out_of_bounds",
            message: `${name} must be between ${spec.minimum} (inclusive) and ${spec.maximum} (inclusive)`,
          });
        } else if (spec.minimum !== undefined && value < spec.minimum) {
          problems.push({
            param: name,
            code: "rest_out_of_bounds",
            message: `${name} must be greater than or equal to ${spec.minimum}`,
          });
        } else {
          out[name] = value;
        }
        break;
      }
      case "boolean": {
        const v = typeof raw === "string" ? raw.toLowerCase() : null;
        if (v === null || !["true", "false", "1", "0"].includes(v)) typeError(name, "boolean");
        else out[name] = v === "true" || v === "1";
        break;
      }
      case "string": {
        if (typeof raw !== "string") {
          typeError(name, "string");
          break;
        }
        if (spec.enum && !spec.enum.includes(raw)) {
          problems.push({
            param: name,
            code: "rest_not_in_enum",
            message: `${name} is not one of ${list(spec.enum)}.`,
          });
          break;
        }
        out[name] = spec.text ? sanitizeText(raw) : raw;
        break;
      }
      case "date-time": {
        if (typeof raw !== "string" || !RFC3339.test(raw) || Number.isNaN(Date.parse(raw.replace(" ", "T")))) {
          problems.push({ param: name, code: "rest_invalid_date", message: "Invalid date." });
        } else {
          out[name] = raw;
        }
        break;
      }
      case "integer[]": {
        const items = parseList(raw);
        const bad = items.findIndex((item) => !isInteger(item));
        if (bad !== -1) typeError(`${name}[${bad}]`, "integer");
        else out[name] = items.map((item) => Math.trunc(Number(item)));
        if (bad !== -1) (problems[problems.length - 1] as ParamProblem).param = name;
        break;
      }
      case "string[]": {
        const items = parseList(raw);
        const bad = items.findIndex((item) => typeof item !== "string");
        if (bad !== -1) {
          typeError(`${name}[${bad}]`, "string");
          (problems[problems.length - 1] as ParamProblem).param = name;
          break;
        }
        const strings = items as string[];
        const outside = spec.enum ? strings.findIndex((s) => !spec.enum?.includes(s)) : -1;
        if (outside !== -1 && spec.enum) {
          problems.push({
            param: name,
            code: "rest_not_in_enum",
            message: `${name}[${outside}] is not one of ${list(spec.enum)}.`,
          });
          break;
        }
        out[name] = spec.slugs ? strings.map(slugify) : strings;
        break;
      }
      case "terms": {
        if (typeof raw === "object" && !Array.isArray(raw) && raw.terms !== undefined) {
          const items = parseList(raw.terms);
          const bad = items.findIndex((item) => !isInteger(item));
          const operator = raw.operator === "AND" ? "AND" : "OR";
          if (bad !== -1) {
            problems.push({
              param: name,
              code: "rest_invalid_type",
              message: `${name}[terms][${bad}] is not of type integer.`,
              data: { param: `${name}[terms][${bad}]` },
            });
          } else {
            out[name] = { terms: items.map((i) => Number(i)), operator };
          }
          break;
        }
        const items = parseList(raw);
        const bad = items.findIndex((item) => !isInteger(item));
        if (bad !== -1) {
          problems.push({
            param: name,
            code: "rest_invalid_type",
            message: `${name}[${bad}] is not of type integer.`,
            data: { param: `${name}[${bad}]` },
          });
        } else {
          out[name] = { terms: items.map((i) => Number(i)), operator: "OR" };
        }
        break;
      }
      case "statuses": {
        const items = parseList(raw).filter((s): s is string => typeof s === "string");
        const outside = items.findIndex((s) => !spec.enum.includes(s));
        if (outside !== -1) {
          problems.push({
            param: name,
            code: "rest_not_in_enum",
            message: `${name}[${outside}] is not one of ${list(spec.enum)}.`,
          });
          break;
        }
        out[name] = items.length ? items : [spec.default];
        break;
      }
    }
  }
  if (problems.length) throw invalidParams(problems);

  // Sanitizing comes after validation: only then is a forbidden status reported.
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
  return out;
}
