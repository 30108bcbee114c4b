import { appUrl } from "../env";

/** Where an uploaded image is served (app/cdn/[cdnImageId]/route.ts). */
export function imageUrl(cdnImageId: string | null | undefined): string | null {
  return cdnImageId ? `${appUrl()}/cdn/${cdnImageId}` : null;
}
