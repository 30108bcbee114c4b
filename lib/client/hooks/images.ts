"use client";
import type { ImageView } from "../../images/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { ApiRequestError, apiFetch } from "../api";
import { queryKeys } from "../query-keys";

export type Image = ImageView;

/** One file being sent: its progress (0 to 1) and, when it fails, the API's message. */
export type ImageUpload = { key: string; name: string; progress: number; state: "uploading" | "done" | "failed"; error?: string };

const imagesPath = (shopId: string) => `/v1/shops/${shopId}/images`;

export function useImages(shopId: string) {
  return useQuery({ queryKey: queryKeys.images(shopId).list(), queryFn: () => apiFetch<Image[]>(imagesPath(shopId)) });
}

function errorOf(xhr: XMLHttpRequest): ApiRequestError {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: string; errors?: Record<string, string[]> };
    return new ApiRequestError(xhr.status, body.errors?.image?.[0] ?? body.message ?? `Upload failed (${xhr.status})`, body.errors ?? {});
  } catch {
    return new ApiRequestError(xhr.status, `Upload failed (${xhr.status})`);
  }
}

/**
 * POSTs one file as multipart (`image` part). XMLHttpRequest rather than
 * fetch because only it reports upload progress.
 */
function sendImage(shopId: string, file: File, onProgress: (fraction: number) => void): Promise<Image> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", imagesPath(shopId));
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve(JSON.parse(xhr.responseText) as Image) : reject(errorOf(xhr)));
    xhr.onerror = () => reject(new ApiRequestError(0, "The upload failed. Check your connection and try again."));
    const form = new FormData();
    form.append("image", file);
    xhr.send(form);
  });
}

/** Uploads files side by side, keeping each one's progress and outcome for the page to show. */
export function useImageUploads(shopId: string) {
  const client = useQueryClient();
  const [uploads, setUploads] = useState<ImageUpload[]>([]);

  const update = useCallback((key: string, change: Partial<ImageUpload>) => {
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }, []);

  const upload = useCallback(
    (files: File[]) => {
      const started = files.map((file) => ({ file, key: `${Date.now()}-${Math.random().toString(36).slice(2)}` }));
      setUploads((current) => [
        ...started.map(({ file, key }) => ({ key, name: file.name, progress: 0, state: "uploading" as const })),
        ...current,
      ]);
      for (const { file, key } of started) {
        sendImage(shopId, file, (progress) => update(key, { progress }))
          .then(() => {
            update(key, { progress: 1, state: "done" });
            void client.invalidateQueries({ queryKey: queryKeys.images(shopId).all });
          })
          .catch((error: ApiRequestError) => update(key, { state: "failed", error: error.message }));
      }
    },
    [client, shopId, update],
  );

  const dismiss = useCallback((key: string) => setUploads((current) => current.filter((upload) => upload.key !== key)), []);

  return { uploads, upload, dismiss };
}

/** Deleting detaches the image from products, groups and themes (docs/api.md, Catalog), so those refetch too. */
export function useDeleteImage(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number) => apiFetch<{ message: string }>(`${imagesPath(shopId)}/${imageId}`, { method: "DELETE" }),
    onSuccess: () => {
      for (const keys of [queryKeys.images, queryKeys.products, queryKeys.groups, queryKeys.themes])
        void client.invalidateQueries({ queryKey: keys(shopId).all });
    },
  });
}
