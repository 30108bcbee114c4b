import type { ImageUpload } from "@/lib/client/hooks/images";

/** One row per file sent: a progress bar while it uploads, then its outcome (the API's error when refused). */
export function UploadProgressList({ uploads, onDismiss }: { uploads: ImageUpload[]; onDismiss: (key: string) => void }) {
  if (!uploads.length) return null;
  return (
    <ul className="space-y-2" aria-label="Uploads">
      {uploads.map((upload) => (
        <li key={upload.key} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate font-medium">{upload.name}</span>
            <span className="flex shrink-0 items-center gap-2">
              <span className={upload.state === "failed" ? "text-red-700" : upload.state === "done" ? "text-green-700" : "text-slate-500"}>
                {upload.state === "uploading" ? `${Math.round(upload.progress * 100)}%` : upload.state === "done" ? "Uploaded" : "Failed"}
              </span>
              {upload.state !== "uploading" ? (
                <button
                  type="button"
                  aria-label={`Dismiss ${upload.name}`}
                  onClick={() => onDismiss(upload.key)}
                  className="rounded px-1 text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                >
                  ×
                </button>
              ) : null}
            </span>
          </div>
          <progress
            className="mt-2 h-2 w-full overflow-hidden rounded [&::-webkit-progress-bar]:bg-slate-100 [&::-webkit-progress-value]:bg-blue-600 [&::-moz-progress-bar]:bg-blue-600"
            value={upload.progress}
            max={1}
            aria-label={`Upload of ${upload.name}`}
          />
          {upload.error ? (
            <p role="alert" className="mt-1 text-red-700">
              {upload.name}: {upload.error}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
