"use client";
import { useId, useState, type DragEvent } from "react";

/**
 * Where files are dropped, with a real file input behind a visible label so
 * the keyboard (and setInputFiles in tests) can choose files too. The API
 * decides what is an image; `accept` only narrows the picker.
 */
export function ImageDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const id = useId();
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(files);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`relative flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm ${over ? "border-blue-500 bg-blue-50" : "border-slate-300 bg-white"}`}
    >
      <p className="text-slate-600">Drop images here (PNG, JPEG, GIF or WebP, up to 20 MB each)</p>
      <p className="text-slate-500">or</p>
      <label
        htmlFor={id}
        className="cursor-pointer rounded-md bg-blue-600 px-3 py-2 font-medium text-white shadow-sm hover:bg-blue-700 has-[+input:focus-visible]:ring-2 has-[+input:focus-visible]:ring-blue-500 has-[+input:focus-visible]:ring-offset-2"
      >
        Choose images
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="sr-only"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
