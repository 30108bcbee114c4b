/** The centred card of the portal's signed-out pages (sign-in, application), with the portal's badge. */
export function PortalCard({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-8">
      <div className="w-full max-w-sm overflow-hidden rounded-lg border border-emerald-200 bg-white shadow-sm">
        <div className="bg-emerald-900 px-6 py-3 text-sm font-semibold text-white">Shopdesk · Reseller portal</div>
        <div className="space-y-4 p-6">
          <div>
            <h1 className="text-xl font-semibold">{title}</h1>
            <p className="mt-1 text-sm text-slate-500">{subtitle}</p>
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}
