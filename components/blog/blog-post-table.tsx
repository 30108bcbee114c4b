"use client";
import { Button } from "@/components/button";
import { DataTable, type Column } from "@/components/data-table";
import { RowButtons } from "@/components/editable-list";
import type { BlogPost } from "@/lib/client/hooks/blog-posts";

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "—");

const statusLabel = (post: BlogPost) => (post.status === "published" ? "Published" : "Draft");

const COLUMNS: Column<BlogPost>[] = [
  { key: "title", header: "Title", cell: (post) => <span className="font-medium wrap-anywhere">{post.title}</span> },
  { key: "path", header: "Path", from: "md", className: "font-mono text-xs text-slate-600 break-all", cell: (post) => post.path },
  { key: "status", header: "Status", from: "sm", className: "text-slate-600", cell: statusLabel },
  { key: "published", header: "Published", from: "lg", className: "text-slate-600", cell: (post) => day(post.published_at) },
];

export function BlogPostTable({
  posts,
  busyId,
  onEdit,
  onDelete,
  onStatus,
}: {
  posts: BlogPost[];
  busyId: number | null;
  onEdit: (post: BlogPost) => void;
  onDelete: (post: BlogPost) => void;
  onStatus: (post: BlogPost, status: "published" | "draft") => void;
}) {
  return (
    <DataTable
      caption="Blog posts"
      rows={posts}
      columns={COLUMNS}
      phone={(post) => <span className="text-xs text-slate-600">{statusLabel(post)}</span>}
      actions={(post) => (
        <RowButtons
          name={post.title}
          busy={busyId === post.id}
          confirm={`Delete the blog post “${post.title}”? It leaves the storefront at once.`}
          onEdit={() => onEdit(post)}
          onDelete={() => onDelete(post)}
        >
          <Button
            variant="secondary"
            aria-label={`${post.status === "published" ? "Unpublish" : "Publish"} ${post.title}`}
            disabled={busyId === post.id}
            onClick={() => onStatus(post, post.status === "published" ? "draft" : "published")}
          >
            {post.status === "published" ? "Unpublish" : "Publish"}
          </Button>
        </RowButtons>
      )}
    />
  );
}
