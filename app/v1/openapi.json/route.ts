import { connection } from "next/server";
import { publicRoute } from "@/lib/api/route";
import { appUrl } from "@/lib/env";
import { servedDocument } from "@/lib/openapi/served";

export const GET = publicRoute({}, async () => {
  // the server's address is the running server's (APP_URL, PORT), not the build's: never prerendered
  await connection();
  return servedDocument(appUrl());
});
