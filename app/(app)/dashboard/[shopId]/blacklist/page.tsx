"use client";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/notice";

/**
 * The blacklist checks values as the API does, with the RE2 engine and the
 * IP parser (about 45 KB gzipped): they load after the page's shell, not in
 * its first-load JavaScript (≤ 250 KB on every page; see docs/dashboard.md).
 */
const BlacklistPageContent = dynamic(() => import("@/components/blacklist/blacklist-view"), {
  ssr: false,
  loading: () => <Skeleton label="Loading the blacklist" />,
});

export default function BlacklistPage() {
  return <BlacklistPageContent />;
}
