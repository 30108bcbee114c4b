/**
 * `npm run images:import`: moves the image files earlier versions wrote under
 * UPLOAD_DIR into the database (lib/images/storage.ts). Safe to run again and
 * beside a running server; the files stay until the operator deletes them.
 */
import { closeDb, db } from "../lib/db";
import { checkEnvironment } from "../lib/env";
import { importLegacyImageFiles } from "../lib/images/storage";
import { exitUnlessReady } from "../lib/startup";

await exitUnlessReady("images:import", async () => checkEnvironment());
try {
  const { imported, missing } = await importLegacyImageFiles(db());
  console.log(`${imported} image file(s) moved into the database; ${missing} live image(s) had neither stored bytes nor a file.`);
} finally {
  await closeDb();
}
