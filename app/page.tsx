export default function Home() {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold">Shopdesk</h1>
      <p className="mt-2 text-slate-600">The seller API is served under /v1. The dashboard is on its way.</p>
    </main>
  );
}
