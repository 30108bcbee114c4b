import * as z from "zod";

/**
 * Laravel-style messages ("The per page field must not be greater than 100.")
 * for every schema that does not bring its own, on the server and in forms.
 * Imported for its side effect by lib/validation/fields.ts.
 */
/** A field's name as Laravel writes it in messages: `per_page` -> `per page`. */
export function attribute(path: readonly PropertyKey[] | undefined): string {
  const dotted = (path ?? []).map(String).join(".");
  if (!dotted) return "input";
  return dotted
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
}

const typeNames: Record<string, string> = {
  number: "a number",
  int: "an integer",
  string: "a string",
  boolean: "true or false",
  array: "an array",
  object: "an object",
  date: "a valid date",
};

z.config({
  customError: (issue) => {
    const field = `The ${attribute(issue.path)} field`;
    switch (issue.code) {
      case "invalid_type":
        if (issue.input === undefined || issue.input === null) return `${field} is required.`;
        return `${field} must be ${typeNames[issue.expected] ?? `a valid ${issue.expected}`}.`;
      case "too_small": {
        const min = issue.minimum as number;
        if (issue.origin === "string") return min === 1 ? `${field} is required.` : `${field} must be at least ${min} characters.`;
        if (issue.origin === "array" || issue.origin === "set") return `${field} must have at least ${min} item${min === 1 ? "" : "s"}.`;
        return issue.inclusive === false ? `${field} must be greater than ${min}.` : `${field} must be at least ${min}.`;
      }
      case "too_big": {
        const max = issue.maximum as number;
        if (issue.origin === "string") return `${field} must not be greater than ${max} characters.`;
        if (issue.origin === "array" || issue.origin === "set") return `${field} must not have more than ${max} items.`;
        return issue.inclusive === false ? `${field} must be less than ${max}.` : `${field} must not be greater than ${max}.`;
      }
      case "invalid_value":
      case "invalid_union":
        return `The selected ${attribute(issue.path)} is invalid.`;
      case "invalid_format":
        if (issue.format === "email") return `${field} must be a valid email address.`;
        if (issue.format === "url") return `${field} must be a valid URL.`;
        return `${field} format is invalid.`;
      case "not_multiple_of":
        return `${field} must have at most 2 decimal places.`;
      case "unrecognized_keys":
        return `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}.`;
      default:
        return undefined;
    }
  },
});
