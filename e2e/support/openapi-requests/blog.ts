import { uniqueName } from "../catalog";
import { shopRecord, type Call } from "./context";

/** Drafts of the builders' own: nothing reaches the demo shop's storefront, which other specs read. */
const draft = (seller: Parameters<Call>[0]["seller"], shopId: number) =>
  shopRecord(seller, `/v1/shops/${shopId}/blog-posts`, { title: uniqueName("Post"), content: "<p>Draft</p>" });

export const blogCalls: Record<string, Call> = {
  listBlogPosts: ({ send, shopId }) =>
    send("listBlogPosts", { params: { shopId }, query: { perPage: 5, status: "draft", orderColumn: "title", orderDirection: "asc" } }),
  createBlogPost: ({ send, shopId }) =>
    send("createBlogPost", {
      params: { shopId },
      data: { title: uniqueName("Post"), content: "<p>Hello</p>", summary: "A first post", meta_title: "Hello", status: "draft" },
    }),
  getBlogPost: async ({ send, seller, shopId }) =>
    send("getBlogPost", { params: { shopId, blogPostId: (await draft(seller, shopId)).id } }),
  updateBlogPost: async ({ send, seller, shopId }) =>
    send("updateBlogPost", {
      params: { shopId, blogPostId: (await draft(seller, shopId)).id },
      data: { summary: "Edited", meta_description: "An edited draft" },
    }),
  deleteBlogPost: async ({ send, seller, shopId }) =>
    send("deleteBlogPost", { params: { shopId, blogPostId: (await draft(seller, shopId)).id } }),
};
