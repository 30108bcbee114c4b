"use client";
import { useParams } from "next/navigation";
import { Suspense, useState } from "react";
import { BlogPostForm } from "@/components/blog/blog-post-form";
import { BlogPostTable } from "@/components/blog/blog-post-table";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { Skeleton } from "@/components/notice";
import { PageHeading } from "@/components/page-heading";
import { OutcomeNotice, QueryView, type Outcome } from "@/components/query-view";
import { SearchField } from "@/components/search-field";
import { SelectField } from "@/components/select-field";
import { listBlogPostsQuery } from "@/lib/blog/schemas";
import { useBlogPosts, useDeleteBlogPost, useSetBlogPostStatus, type BlogPost } from "@/lib/client/hooks/blog-posts";
import { useUrlState } from "@/lib/client/use-url-state";

function BlogView() {
  const { shopId } = useParams<{ shopId: string }>();
  const list = useUrlState(listBlogPostsQuery.in);
  const { filters, values, setFilters } = list;
  const posts = useBlogPosts(shopId, filters);
  const remove = useDeleteBlogPost(shopId);
  const setStatus = useSetBlogPostStatus(shopId);
  const [editing, setEditing] = useState<{ post?: BlogPost } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const empty = filters.title || filters.status ? "No posts match these filters." : "No blog posts yet.";
  const busyId = remove.isPending ? remove.variables : setStatus.isPending ? (setStatus.variables?.id ?? null) : null;

  return (
    <section className="space-y-4">
      <PageHeading title="Blog" description="Posts on the shop's storefront; drafts stay here until published.">
        <Button onClick={() => setEditing({})}>New post</Button>
      </PageHeading>
      <OutcomeNotice outcome={outcome} />
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <SearchField label="Search titles" value={filters.title ?? ""} onSearch={(title) => setFilters({ title })} />
        <SelectField label="Status" value={values.status ?? ""} onChange={(event) => setFilters({ status: event.target.value })}>
          <option value="">Any</option>
          <option value="published">Published</option>
          <option value="draft">Draft</option>
        </SelectField>
      </div>
      <QueryView query={posts} list={list} loading="Loading blog posts" empty={empty}>
        {(rows) => (
          <BlogPostTable
            posts={rows}
            busyId={busyId}
            onEdit={(post) => setEditing({ post })}
            onDelete={(post) =>
              remove.mutate(post.id, {
                onSuccess: () => setOutcome({ ok: true, text: `Blog post “${post.title}” deleted.` }),
                onError: (error) => setOutcome({ ok: false, text: error.message }),
              })
            }
            onStatus={(post, status) =>
              setStatus.mutate(
                { id: post.id, status },
                {
                  onSuccess: (saved) =>
                    setOutcome({
                      ok: true,
                      text: `Blog post “${saved.title}” ${status === "published" ? "published" : "set back to draft"}.`,
                    }),
                  onError: (error) => setOutcome({ ok: false, text: error.message }),
                },
              )
            }
          />
        )}
      </QueryView>
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.post ? `Edit “${editing.post.title}”` : "New blog post"}
      >
        {editing ? (
          <BlogPostForm
            shopId={shopId}
            post={editing.post}
            onSaved={(text) => {
              setEditing(null);
              setOutcome({ ok: true, text });
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

export default function BlogPage() {
  return (
    <Suspense fallback={<Skeleton label="Loading blog posts" />}>
      <BlogView />
    </Suspense>
  );
}
