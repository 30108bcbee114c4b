import { sellerEnvelope } from "@/lib/api/pagination";
import { created, sellerRoute } from "@/lib/api/route";
import { createBlogPost, listBlogPosts } from "@/lib/blog/posts";
import { createBlogPostBody, listBlogPostsQuery } from "@/lib/blog/schemas";

export const GET = sellerRoute({ permission: "blog:read", query: listBlogPostsQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await listBlogPosts(db, caller.shop.id, query);
  return sellerEnvelope(request, query, data, total);
});

export const POST = sellerRoute({ permission: "blog:write", body: createBlogPostBody }, async ({ db, caller, body }) =>
  created(await createBlogPost(db, caller.shop.id, body)),
);
