import type { Operation } from "../operation";
import { messageBody } from "../../api/schemas";
import { blogPostPage, blogPostView, createBlogPostBody, listBlogPostsQuery, updateBlogPostBody } from "../../blog/schemas";

const tag = "Blog";
const posts = "/v1/shops/{shopId}/blog-posts";
const one = `${posts}/{blogPostId}`;

export const blogOperations: Operation[] = [
  {
    operationId: "listBlogPosts",
    method: "get",
    path: posts,
    summary: "List the shop's blog posts, drafts included (newest first unless ordered otherwise)",
    tag,
    auth: "seller",
    permission: "blog:read",
    query: listBlogPostsQuery,
    response: { description: "Seller paginated envelope of blog posts.", schema: blogPostPage },
  },
  {
    operationId: "createBlogPost",
    method: "post",
    path: posts,
    summary: "Write a blog post",
    description:
      "`content` is sanitised; `path` is made from the title when absent (a short suffix when taken); a `path` another post of the " +
      "shop has is 422 on `path`; an `image_id` that is not a live image of the shop is 422 on `image_id`. A draft unless `status` " +
      "is published, which sets `published_at`.",
    tag,
    auth: "seller",
    permission: "blog:write",
    body: createBlogPostBody,
    response: { status: 201, description: "The blog post.", schema: blogPostView },
  },
  {
    operationId: "getBlogPost",
    method: "get",
    path: one,
    summary: "Get one blog post",
    tag,
    auth: "seller",
    permission: "blog:read",
    response: { description: "The blog post.", schema: blogPostView },
  },
  {
    operationId: "updateBlogPost",
    method: "put",
    path: one,
    summary: "Edit, publish or unpublish a blog post (fields left out keep their value)",
    description:
      "The create's rules; `path` null or empty is made again from the title. The first publication sets `published_at`; " +
      "a post set back to draft leaves the storefront and keeps it.",
    tag,
    auth: "seller",
    permission: "blog:write",
    body: updateBlogPostBody,
    response: { description: "The blog post.", schema: blogPostView },
  },
  {
    operationId: "deleteBlogPost",
    method: "delete",
    path: one,
    summary: "Delete a blog post",
    tag,
    auth: "seller",
    permission: "blog:write",
    response: { description: "`Blog post deleted.`", schema: messageBody },
  },
];
