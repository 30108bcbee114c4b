import { expect, test } from "../support/browser";
import { screenshotAtWidths } from "../support/dashboard";
import { gradientPng } from "../support/catalog";

test.use({ signedIn: true });

test.describe("images page", () => {
  test("uploads an image from the file input, refuses a text file named .png, deletes the image", async ({ page, shopId }) => {
    await page.goto(`/dashboard/${shopId}/images`);
    await expect(page.getByRole("list", { name: "Images" }).or(page.getByText("No images yet."))).toBeVisible();

    const uploaded = page.waitForResponse(
      (response) => response.url().endsWith(`/v1/shops/${shopId}/images`) && response.request().method() === "POST",
    );
    await page
      .getByLabel("Choose images")
      .setInputFiles({ name: "sunset.png", mimeType: "image/png", buffer: gradientPng(40, 30, [255, 120, 0], [40, 0, 120]) });
    const image = await (await uploaded).json();
    const uploads = page.getByRole("list", { name: "Uploads" });
    await expect(uploads.getByRole("listitem").filter({ hasText: "sunset.png" })).toContainText("Uploaded");
    const tile = page.getByRole("listitem", { name: `Image #${image.id}`, exact: true });
    const picture = tile.getByRole("img", { name: `Image #${image.id}` });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);

    await page
      .getByLabel("Choose images")
      .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text, not a picture") });
    const refused = uploads.getByRole("listitem").filter({ hasText: "notes.png" });
    await expect(refused).toContainText("Failed");
    await expect(refused.getByRole("alert")).toHaveText("notes.png: The image field must be an image (PNG, JPEG, GIF or WebP).");

    page.once("dialog", (dialog) => dialog.accept());
    await tile.getByRole("button", { name: `Delete image #${image.id}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Image #${image.id} deleted.`);
    await expect(tile).toHaveCount(0);
  });

  test("shows the API's error for a file over 20480 KB", async ({ page, shopId }) => {
    await page.goto(`/dashboard/${shopId}/images`);
    const png = gradientPng(8, 8, [0, 0, 0], [255, 255, 255]);
    await page
      .getByLabel("Choose images")
      .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([png, Buffer.alloc(20480 * 1024 + 1)]) });
    const refused = page.getByRole("list", { name: "Uploads" }).getByRole("listitem").filter({ hasText: "huge.png" });
    await expect(refused.getByRole("alert")).toHaveText("huge.png: The image field must not be greater than 20480 kilobytes.", {
      timeout: 20_000,
    });
  });

  test("screenshots", async ({ page, seller, shopId }) => {
    // at least one tile whatever other tests deleted
    await seller.post(`/v1/shops/${shopId}/images`, {
      multipart: { image: { name: "tile.png", mimeType: "image/png", buffer: gradientPng(64, 64, [0, 90, 200], [200, 240, 255]) } },
    });
    await screenshotAtWidths(page, "images-grid", `/dashboard/${shopId}/images`, async (p) => {
      await expect(p.getByRole("list", { name: "Images" })).toBeVisible();
    });
  });
});
