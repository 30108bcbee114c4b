"use client";
import type { BlogPostStatus, BlogPostView, CreateBlogPostInput, listBlogPostsQuery, UpdateBlogPostInput } from "../../blog/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";
import type { UrlFilters } from "../use-url-state";
import type { Envelope } from "./invoices";
import { shopResource } from "./resource";

export type BlogPost = BlogPostView;

export type BlogPostFilters = UrlFilters<typeof listBlogPostsQuery.in>;

const blogPosts = shopResource<BlogPost, CreateBlogPostInput | UpdateBlogPostInput, Envelope<BlogPost>, BlogPostFilters>({
  path: "blog-posts",
  keys: queryKeys.blogPosts,
});

export const useBlogPosts = blogPosts.useList;
/** Create (no id) or update (with id: the form sends every field, so what the seller cleared is cleared). */
export const useSaveBlogPost = blogPosts.useSave;
export const useDeleteBlogPost = blogPosts.useDelete;

/** Publish or set back to draft: the one field changed, the rest kept. */
export function useSetBlogPostStatus(shopId: string) {
  return blogPosts.useChange(shopId, ({ id, status }: { id: number; status: BlogPostStatus }) =>
    apiFetch<BlogPost>(`/v1/shops/${shopId}/blog-posts/${id}`, { method: "PUT", body: { status } }),
  );
}
