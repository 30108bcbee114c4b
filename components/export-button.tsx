"use client";
import { useRef, useState } from "react";
import { withQuery } from "@/lib/client/api";
import { Button } from "./button";

/** Counts records of a CSV stream as it arrives: CRLF ends a record only outside quotes. */
function recordCounter() {
  let quoted = false;
  let records = 0;
  return {
    feed(text: string) {
      for (let i = 0; i < text.length; i++) {
        const char = text[i];
        if (char === '"') quoted = !quoted;
        else if (char === "\n" && !quoted) records++;
      }
    },
    get rows() {
      return Math.max(0, records - 1); // the header
    },
  };
}

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * Downloads a CSV export with the list's current filters, reading the
 * streamed answer itself so it can show rows and bytes as they arrive (and
 * cancel), then hands the file to the browser under the server's name.
 */
export function ExportButton({ path, query, label = "Export CSV" }: { path: string; query: Record<string, unknown>; label?: string }) {
  const [progress, setProgress] = useState<{ rows: number; bytes: number; done: boolean; error?: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const running = progress !== null && !progress.done;

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ rows: 0, bytes: 0, done: false });
    try {
      const response = await fetch(withQuery(path, query), { credentials: "same-origin", signal: controller.signal });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        throw new Error(body.message ?? `Export failed (${response.status})`);
      }
      const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "export.csv";
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const counter = recordCounter();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        counter.feed(decoder.decode(value, { stream: true }));
        setProgress({ rows: counter.rows, bytes, done: false });
      }
      const url = URL.createObjectURL(new Blob(chunks, { type: "text/csv" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setProgress({ rows: counter.rows, bytes, done: true });
    } catch (error) {
      const message = controller.signal.aborted ? "Export cancelled." : error instanceof Error ? error.message : String(error);
      setProgress((current) => ({ rows: current?.rows ?? 0, bytes: current?.bytes ?? 0, done: true, error: message }));
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {running ? (
        <Button variant="secondary" onClick={() => abort.current?.abort()}>
          Cancel export
        </Button>
      ) : (
        <Button variant="secondary" onClick={run}>
          {label}
        </Button>
      )}
      {progress ? (
        <span role="status" className={`text-sm ${progress.error ? "text-red-700" : "text-slate-600"}`}>
          {progress.error ??
            `${progress.done ? "Exported" : "Exporting…"} ${progress.rows.toLocaleString()} rows (${size(progress.bytes)})`}
        </span>
      ) : null}
    </span>
  );
}
