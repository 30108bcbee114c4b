import { env } from "../env";
import { requestOrigin } from "./forwarded";

/** Where links to this app's pages start: APP_URL when set, else the origin the request was made to (through trusted proxies). */
export function linkBase(request: Request): string {
  return env().APP_URL?.replace(/\/$/, "") ?? requestOrigin(request);
}
