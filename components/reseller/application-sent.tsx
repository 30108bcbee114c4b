import Link from "next/link";

/** What the apply form, or the e-mailed link's page, shows once the application reached the seller. */
export function ApplicationSent({ shopName }: { shopName: string }) {
  return (
    <div role="status" className="space-y-3 text-sm">
      <p className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">
        Application sent to <strong>{shopName}</strong>. You can sign in once the seller approves it.
      </p>
      <Link href="/reseller/login" className="font-medium text-emerald-800 underline-offset-2 hover:underline">
        Go to sign-in
      </Link>
    </div>
  );
}
