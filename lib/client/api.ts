/**
 * The browser's client of /v1: same-origin requests carry the session
 * cookie; errors keep the API's `{message, errors}` so forms can show them
 * at their fields.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    /** the body's `error` code, where it has one (`reauthentication_required`) */
    readonly code?: string,
  ) {
    super(message);
  }
}

type Options = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
};

/**
 * Asks the person for their password when a sensitive change answers 403
 * `reauthentication_required` (the dashboard's ReauthDialog registers it);
 * true once they have re-authenticated, so the request is sent again.
 */
type ReauthPrompt = () => Promise<boolean>;
let reauthPrompt: ReauthPrompt | null = null;

/** Registers the prompt; returns its removal. */
export function setReauthPrompt(prompt: ReauthPrompt): () => void {
  reauthPrompt = prompt;
  return () => {
    if (reauthPrompt === prompt) reauthPrompt = null;
  };
}

export function withQuery(path: string, query?: Record<string, unknown>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(`${key}[]`, String(item)));
    else if (typeof value === "object") {
      for (const [inner, flag] of Object.entries(value)) if (flag) params.append(`${key}[${inner}]`, "1");
    } else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function apiFetch<T>(path: string, options: Options = {}, retried = false): Promise<T> {
  const response = await fetch(withQuery(path, options.query), {
    method: options.method ?? "GET",
    headers: {
      accept: "application/json",
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: "same-origin",
  });
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const body = (data ?? {}) as { message?: string; errors?: Record<string, string[]>; error?: unknown };
    const code = typeof body.error === "string" ? body.error : undefined;
    if (response.status === 403 && code === "reauthentication_required" && reauthPrompt && !retried && (await reauthPrompt())) {
      return apiFetch<T>(path, options, true);
    }
    throw new ApiRequestError(response.status, body.message ?? `Request failed (${response.status})`, body.errors ?? {}, code);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}
