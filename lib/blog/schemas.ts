import { sellerPageOf, timestamp } from "../api/schemas";
import { blankAsAbsent, blankAsNull } from "../validation/blank";
import { requiredText } from "../validation/fields";
import { recordId } from "../validation/ids";
import { pageFields, withPageDefaults } from "../validation/paging";
import * as z from "../validation/zod";

/**
 * Blog post request and response schemas, shared by the routes, the OpenAPI
 * document, the dashboard's form and the tests. A post is a draft until
 * published; only published posts are on the storefront
 * (`/s/{subdomain}/blog/{path}`).
 */

export const BLOG_POST_STATUSES = ["published", "draft"] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];
export const BLOG_ORDER_COLUMNS = ["id", "title", "published_at", "created_at", "updated_at"] as const;

export const TITLE_MAX = 255;
export const PATH_MAX = 200;
/** A long article's HTML fits well within the 1 MiB JSON body. */
export const CONTENT_MAX = 200_000;
export const SUMMARY_MAX = 1000;
export const META_TITLE_MAX = 255;
export const META_DESCRIPTION_MAX = 500;

/** Lowercase letters, digits and single dashes between them: a URL segment with nothing to escape. */
export const BLOG_PATH_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const BLOG_HTML =
  'HTML, sanitised when written (and again when shown): text, lists, tables, http(s)/mailto links (given rel="nofollow ugc noopener") and images from this server\'s /cdn/ only; no scripts, styles, event handlers, class or id.';

const path = z
  .string()
  .trim()
  .max(PATH_MAX)
  .regex(BLOG_PATH_PATTERN, "The path may contain only lowercase letters, digits and single dashes, and must not start or end with a dash.")
  .describe("The post's URL slug on the storefront, unique in the shop. Absent or empty: made from the title.");

/** The fields of a post; create requires `title`, update takes any of them (absent: unchanged; "" or null: cleared). */
const postFields = {
  title: requiredText(TITLE_MAX),
  path: blankAsNull(path),
  content: blankAsNull(z.string().max(CONTENT_MAX)).describe(BLOG_HTML),
  summary: blankAsNull(z.string().trim().max(SUMMARY_MAX)).describe("Plain text, shown under the title in the blog's list."),
  image_id: blankAsNull(recordId()).describe("An image of this shop (else 422): the list's picture and the post's Open Graph image."),
  meta_title: blankAsNull(z.string().trim().max(META_TITLE_MAX)).describe("The page's <title>; the post's title when empty."),
  meta_description: blankAsNull(z.string().trim().max(META_DESCRIPTION_MAX)).describe(
    "The page's meta description; the summary, else the start of the content, when empty.",
  ),
  status: blankAsAbsent(z.enum(BLOG_POST_STATUSES)).describe(
    "published: on the storefront (`published_at` is set the first time); draft: not. Default draft.",
  ),
};

/** POST /v1/shops/{shopId}/blog-posts */
export const createBlogPostBody = z.object(postFields);
export type CreateBlogPostInput = z.output<typeof createBlogPostBody>;

/** PUT /v1/shops/{shopId}/blog-posts/{id}: fields left out keep their value. */
export const updateBlogPostBody = z.object({ ...postFields, title: postFields.title.optional() });
export type UpdateBlogPostInput = z.output<typeof updateBlogPostBody>;

/** GET /v1/shops/{shopId}/blog-posts: newest first unless ordered otherwise. */
export const listBlogPostsQuery = z
  .object({
    ...pageFields,
    orderColumn: blankAsAbsent(z.enum(BLOG_ORDER_COLUMNS)),
    orderDirection: blankAsAbsent(z.enum(["asc", "desc"])),
    title: blankAsAbsent(z.string().max(TITLE_MAX)).describe("Posts whose title contains this (case-insensitive)."),
    status: blankAsAbsent(z.enum(BLOG_POST_STATUSES)),
  })
  .transform((query) => ({
    ...withPageDefaults(query),
    orderColumn: query.orderColumn ?? ("id" as const),
    orderDirection: query.orderDirection ?? ("desc" as const),
  }));
export type ListBlogPostsQuery = z.output<typeof listBlogPostsQuery>;

// ---------------------------------------------------------------- responses

export const blogPostView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    title: z.string(),
    path: z.string(),
    content: z.string().describe("Sanitised HTML."),
    summary: z.string().nullable(),
    image_id: z.int().nullable(),
    image_url: z.string().nullable().describe("Where the image is served; null without one (or once it is deleted)."),
    meta_title: z.string().nullable(),
    meta_description: z.string().nullable(),
    status: z.string().describe(`One of ${BLOG_POST_STATUSES.join(", ")}.`),
    published_at: timestamp.nullable().describe("When first published; null for a post never published."),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "BlogPost" });
export type BlogPostView = z.output<typeof blogPostView>;

export const blogPostPage = sellerPageOf(blogPostView);
