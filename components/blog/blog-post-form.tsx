"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { SelectField } from "@/components/select-field";
import { TextareaField } from "@/components/textarea-field";
import { BLOG_POST_STATUSES, createBlogPostBody, type CreateBlogPostInput } from "@/lib/blog/schemas";
import { useSaveBlogPost, type BlogPost } from "@/lib/client/hooks/blog-posts";
import { useImages } from "@/lib/client/hooks/images";
import { oneOf } from "@/lib/client/one-of";

type FormValues = z.input<typeof createBlogPostBody>;
const FIELDS = ["title", "path", "status", "image_id", "summary", "content", "meta_title", "meta_description"] as const;

function defaults(post?: BlogPost): FormValues {
  return {
    title: post?.title ?? "",
    path: post?.path ?? "",
    status: oneOf(BLOG_POST_STATUSES, post?.status, "draft"),
    image_id: post?.image_id ?? null,
    summary: post?.summary ?? "",
    content: post?.content ?? "",
    meta_title: post?.meta_title ?? "",
    meta_description: post?.meta_description ?? "",
  };
}

/**
 * Writes a post, or edits `post`. Both send every field through the create
 * schema (PUT takes the same fields), so what the seller cleared is cleared;
 * an empty path is made from the title by the API.
 */
export function BlogPostForm({ shopId, post, onSaved }: { shopId: string; post?: BlogPost; onSaved: (message: string) => void }) {
  const save = useSaveBlogPost(shopId);
  const images = useImages(shopId);
  const form = useForm<FormValues, unknown, CreateBlogPostInput>({
    resolver: zodResolver(createBlogPostBody),
    defaultValues: defaults(post),
  });
  const { errors } = form.formState;

  return (
    <EditorForm
      form={form}
      fields={FIELDS}
      save={async (input) => {
        const saved = await save.mutateAsync({ id: post?.id, input });
        onSaved(
          `Blog post “${saved.title}” ${post ? "saved" : "created"}${saved.status === "published" ? " and published" : " as a draft"}.`,
        );
      }}
      submitLabel={post ? "Save post" : "Create post"}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Title" error={errors.title?.message} {...form.register("title")} />
        <Field label="Path" placeholder="Made from the title when empty" error={errors.path?.message} {...form.register("path")} />
        <SelectField label="Status" error={errors.status?.message} {...form.register("status")}>
          <option value="draft">Draft (not on the storefront)</option>
          <option value="published">Published</option>
        </SelectField>
        <SelectField
          label="Image"
          error={errors.image_id?.message}
          disabled={!images.data}
          {...form.register("image_id", {
            setValueAs: (value: string | number | null) => (value === "" || value === null ? null : Number(value)),
          })}
        >
          <option value="">None</option>
          {images.data?.map((image) => (
            <option key={image.id} value={image.id}>
              Image #{image.id}
            </option>
          ))}
        </SelectField>
      </div>
      <TextareaField label="Summary" rows={2} error={errors.summary?.message} {...form.register("summary")} />
      <TextareaField
        label="Content (HTML)"
        rows={10}
        hint="Text, headings, lists, tables, links and this shop's images; scripts, styles and event handlers are removed."
        error={errors.content?.message}
        {...form.register("content")}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Meta title" placeholder="The post's title" error={errors.meta_title?.message} {...form.register("meta_title")} />
        <Field
          label="Meta description"
          placeholder="The summary"
          error={errors.meta_description?.message}
          {...form.register("meta_description")}
        />
      </div>
    </EditorForm>
  );
}
