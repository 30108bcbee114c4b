import { Providers } from "@/components/providers";

/** This page's query cache (the root layout has none, so the sign-in pages stay light). */
export default function WithQueries({ children }: { children: React.ReactNode }) {
  return <Providers>{children}</Providers>;
}
