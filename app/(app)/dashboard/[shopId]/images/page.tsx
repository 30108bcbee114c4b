"use client";
import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { ErrorNotice, Skeleton, StatusNotice } from "@/components/notice";
import { ImageDropZone } from "@/components/images/image-drop-zone";
import { UploadProgressList } from "@/components/images/upload-progress-list";
import { useDeleteImage, useImageUploads, useImages, type Image } from "@/lib/client/hooks/images";

export default function ImagesPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const images = useImages(shopId);
  const { uploads, upload, dismiss } = useImageUploads(shopId);
  const remove = useDeleteImage(shopId);
  const [status, setStatus] = useState<string | null>(null);

  const onDelete = (image: Image) => {
    if (!window.confirm(`Delete image #${image.id}? Products, groups and themes that show it lose it, and its address stops working.`))
      return;
    setStatus(null);
    remove.mutate(image.id, { onSuccess: () => setStatus(`Image #${image.id} deleted.`) });
  };

  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Images</h1>
        <p className="mt-1 text-sm text-slate-500">Pictures for products, groups and themes.</p>
      </div>

      <ImageDropZone onFiles={(files) => (setStatus(null), upload(files))} />
      <UploadProgressList uploads={uploads} onDismiss={dismiss} />

      <div aria-live="polite">
        {remove.error ? <ErrorNotice>{remove.error.message}</ErrorNotice> : status ? <StatusNotice>{status}</StatusNotice> : null}
      </div>

      {images.error ? (
        <ErrorNotice>{images.error.message}</ErrorNotice>
      ) : !images.data ? (
        <Skeleton label="Loading images" className="h-64" />
      ) : images.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">
          No images yet. Upload one above.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Images">
          {images.data.map((image) => (
            <li key={image.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white" aria-label={`Image #${image.id}`}>
              <a
                href={image.image_url ?? undefined}
                target="_blank"
                rel="noreferrer"
                className="block focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- uploads are served as stored from /cdn with a year of cache; the optimizer would re-encode them */}
                <img
                  src={image.image_url ?? undefined}
                  alt={`Image #${image.id}`}
                  loading="lazy"
                  className="aspect-square w-full bg-slate-100 object-contain"
                />
              </a>
              <div className="flex items-center justify-between gap-2 p-2 text-xs text-slate-500">
                <span>#{image.id}</span>
                <Button
                  variant="danger"
                  className="px-2 py-1 text-xs"
                  aria-label={`Delete image #${image.id}`}
                  disabled={remove.isPending && remove.variables === image.id}
                  onClick={() => onDelete(image)}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
