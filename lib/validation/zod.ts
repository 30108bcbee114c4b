/**
 * zod with this app's messages (./messages.ts). Import it as a namespace,
 * `import * as z from ".../validation/zod"`: a namespace imported or
 * exported as a value (`import { z } from "zod"`, `export { z }`) makes the
 * bundler keep all of zod, its 40-odd locales included (about 90 KB gzipped
 * on every page that validates); `export *` and a namespace import let it
 * keep only what a page uses. ESLint refuses the other form.
 */
import "./messages";

export * from "zod";
