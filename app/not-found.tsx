import Link from "next/link";

/**
 * A path no page serves, and a storefront of no shop. Built ahead of time
 * and the same for everyone (the storefront's gate sends every made-up shop
 * URL to one cached 404: lib/storefront/page-gate.ts), so it names no
 * section of the app and reads nothing of the request; its answer carries
 * the policy of prebuilt pages (lib/api/content-security-policy.ts).
 */
export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold text-blue-700">404</p>
      <h1 className="text-2xl font-semibold">This page does not exist</h1>
      <p className="text-slate-600">The address may be mistyped, or what it named was removed.</p>
      <Link href="/" className="rounded-md bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700">
        Go to the home page
      </Link>
    </main>
  );
}
