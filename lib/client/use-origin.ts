"use client";
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** The page's origin in the browser ("" while rendering on the server), without a render-then-effect flash. */
export function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
}
