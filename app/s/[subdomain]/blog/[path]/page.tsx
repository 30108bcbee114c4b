import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cachedBlogPost, cachedShop } from "@/lib/storefront/cached-reads";
import { NOT_A_SUBDOMAIN } from "@/lib/storefront/catalog";
import { blogPath, storefrontUrl } from "@/lib/storefront/paths";

type Props = { params: Promise<{ subdomain: string; path: string }> };

/** Like the product page's: a sample only, so that every post's page is cached after its first visit. */
export function generateStaticParams() {
  return [{ path: NOT_A_SUBDOMAIN }];
}

async function load(params: Props["params"]) {
  const { subdomain, path } = await params;
  const shop = await cachedShop(subdomain);
  // the blog's 404 page (lib/storefront/page-gate.ts sends made-up paths here): it reads no post, so no blog edit expires it
  if (!shop || path === NOT_A_SUBDOMAIN) return null;
  const post = await cachedBlogPost(shop.id, path);
  return post ? { shop, post } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load(params);
  if (!found) return {};
  const { shop, post } = found;
  const url = storefrontUrl(blogPath(shop.subdomain, post.path), shop.domain);
  const image = post.imagePath ? storefrontUrl(post.imagePath) : undefined;
  return {
    // the seller's meta title is the whole title; the post's own gets the shop's name after it (the layout's template)
    title: post.metaTitle ? { absolute: post.metaTitle } : post.title,
    description: post.description || undefined,
    alternates: { canonical: url },
    openGraph: {
      type: "article",
      title: post.metaTitle || post.title,
      description: post.description || undefined,
      url,
      publishedTime: post.publishedAt ?? undefined,
      modifiedTime: post.updatedAt,
      images: image ? [{ url: image }] : undefined,
    },
  };
}

const day = (iso: string) => new Date(iso).toLocaleDateString("en", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** A published post: its title, date, picture and content. */
export default async function BlogPostPage({ params }: Props) {
  const found = await load(params);
  if (!found) notFound();
  const { shop, post } = found;
  return (
    <main className="mx-auto max-w-3xl space-y-4">
      <Link href={blogPath(shop.subdomain)} className="text-sm underline">
        ← Blog
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{post.title}</h1>
      {post.publishedAt ? (
        <time dateTime={post.publishedAt} className="block text-sm opacity-75">
          {day(post.publishedAt)}
        </time>
      ) : null}
      {post.imagePath ? (
        <img src={post.imagePath} alt="" className="w-full rounded-[var(--sf-radius)] border border-current/10 object-cover" />
      ) : null}
      {/* seller HTML, sanitised when written and again when read (lib/storefront/blog.ts) */}
      <article className="storefront-prose" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
    </main>
  );
}
