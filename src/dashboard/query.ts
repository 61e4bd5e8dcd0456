/** Query parameters of the pages and the API, parsed with zod: a bad value is a 400 that names it. */
import { z } from "zod";

const STATUS = z.enum(["all", "blocked", "flagged", "clean"]);
const SORT = z.enum(["recent", "oldest", "score", "flagged", "answers"]);
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The sessions list page: `?q=&status=&sort=&page=&size=`. */
export const SessionsPageQuery = z.object({
  q: z.string().max(200).default(""),
  status: STATUS.default("all"),
  sort: SORT.default("recent"),
  page: int(1, 10_000_000).default(1),
  size: int(1, 500).default(50),
});

/** `GET /api/sessions`: `?q=&status=&sort=&limit=&offset=`. */
export const SessionsApiQuery = z.object({
  q: z.string().max(200).default(""),
  status: STATUS.default("all"),
  sort: SORT.default("recent"),
  limit: int(1, 500).default(50),
  offset: int(0, 1_000_000_000).default(0),
});

/** A page of a session's answers or evidence: `?page=`. */
export const PageQuery = z.object({ page: int(1, 10_000_000).default(1) });

/** API pages of a session's reports or evidence: `?limit=&offset=`. */
export const ListApiQuery = z.object({ limit: int(1, 500).default(20), offset: int(0, 1_000_000_000).default(0) });

export const TrendsQuery = z.object({ days: int(1, 3660).default(30) });

export const ExportQuery = z.object({ format: z.enum(["json", "md"]).default("json") });

/**
 * @returns the parsed parameters, or a message naming each bad one. Known parameters given twice are bad;
 *   unknown ones (such as `token`) are ignored.
 */
export function parseQuery<S extends z.ZodObject>(schema: S, query: unknown): { ok: true; value: z.infer<S> } | { ok: false; message: string } {
  const result = schema.safeParse(query ?? {});
  if (result.success) return { ok: true, value: result.data };
  const message = result.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`).join("; ");
  return { ok: false, message: `Bad query parameter (${message}).` };
}
