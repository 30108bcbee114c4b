import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cachedBlogPosts, cachedShop } from "@/lib/storefront/cached-reads";
import { blogPath, storefrontUrl } from "@/lib/storefront/paths";

type Props = { params: Promise<{ subdomain: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  return shop ? { title: "Blog", alternates: { canonical: storefrontUrl(blogPath(shop.subdomain), shop.domain) } } : {};
}

const day = (iso: string) => new Date(iso).toLocaleDateString("en", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The shop's blog: its published posts, newest first, each with its picture and summary. */
export default async function BlogPage({ params }: Props) {
  const { subdomain } = await params;
  const shop = await cachedShop(subdomain);
  if (!shop) notFound();
  const posts = await cachedBlogPosts(shop.id);
  return (
    <main className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Blog</h1>
      {posts.length === 0 ? <p>No posts yet.</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {posts.map((post) => (
          <li key={post.id}>
            <Link
              href={blogPath(shop.subdomain, post.path)}
              className="flex h-full flex-col overflow-hidden rounded-[var(--sf-radius)] border border-current/10 bg-[var(--sf-surface)] transition hover:border-[var(--sf-primary)] focus-visible:outline-2 focus-visible:outline-[var(--sf-primary)]"
            >
              {post.imagePath ? <img src={post.imagePath} alt="" loading="lazy" className="aspect-[16/9] w-full object-cover" /> : null}
              <div className="flex flex-1 flex-col gap-1 p-4">
                <h2 className="text-lg font-semibold">{post.title}</h2>
                {post.publishedAt ? (
                  <time dateTime={post.publishedAt} className="text-sm opacity-75">
                    {day(post.publishedAt)}
                  </time>
                ) : null}
                {post.summary ? <p className="mt-1">{post.summary}</p> : null}
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
