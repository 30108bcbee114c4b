import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { deleteBlogPost, getBlogPost, updateBlogPost } from "@/lib/blog/posts";
import { updateBlogPostBody } from "@/lib/blog/schemas";

const params = idParams("blogPostId", "Blog post");

export const GET = sellerRoute({ permission: "blog:read", params }, ({ db, caller, params }) =>
  getBlogPost(db, caller.shop.id, params.blogPostId),
);

export const PUT = sellerRoute({ permission: "blog:write", params, body: updateBlogPostBody }, ({ db, caller, params, body }) =>
  updateBlogPost(db, caller.shop.id, params.blogPostId, body),
);

export const DELETE = sellerRoute({ permission: "blog:write", params }, ({ db, caller, params }) =>
  deleteBlogPost(db, caller.shop.id, params.blogPostId),
);
