import { z } from "zod";
import type { Operation } from "../document";
import { appendDeliverablesSchema, listProductsQuery, overwriteDeliverablesSchema, productSchema, removeDeliverablesSchema, stockSchema } from "../../catalog/schemas";
import { customFieldSchema } from "../../custom-fields/schemas";
import { createGroupSchema } from "../../groups/schemas";
import { createThemeSchema, updateThemeSchema } from "../../themes/schemas";

const shop = "/v1/shops/{shopId}";
const product = `${shop}/products/{productId}`;

/** The multipart upload: one file part `image` (PNG, JPEG, GIF or WebP, at most 20480 KB). */
const imageUpload = z.object({ image: z.string().meta({ format: "binary", description: "PNG, JPEG, GIF or WebP, at most 20480 KB" }) });

export const catalogOperations: Operation[] = [
  // products (API-CONVENTIONS "Catalog routes beyond the spec")
  { method: "get", path: `${shop}/products`, summary: "List products", tag: "Products", auth: "seller", query: listProductsQuery, success: { description: "Paginated envelope of products with variants, images and custom fields" } },
  { method: "post", path: `${shop}/products`, summary: "Create a product with its variants", tag: "Products", auth: "seller", body: productSchema, success: { status: 201, description: "The product" } },
  { method: "get", path: product, summary: "Get a product with variants, images and custom fields", tag: "Products", auth: "seller", success: { description: "The product" } },
  { method: "put", path: `${product}/update`, summary: "Update a product (same body as create)", tag: "Products", auth: "seller", body: productSchema, success: { description: "The product" } },
  { method: "delete", path: product, summary: "Delete a product (soft: invoices keep their history)", tag: "Products", auth: "seller", success: { description: "`{message}`" } },
  { method: "post", path: `${product}/clone`, summary: "Copy a product without its stock", tag: "Products", auth: "seller", success: { status: 201, description: "The copy" } },
  { method: "put", path: `${product}/stock/{variantId}`, summary: "Set a service variant's stock (absolute or delta)", tag: "Products", auth: "seller", body: stockSchema, success: { description: "The variant with its stock" } },
  { method: "get", path: `${product}/deliverables/{variantId}`, summary: "Unsold serials of a variant", tag: "Products", auth: "seller", success: { description: "`{variant_id, count, deliverables}`" } },
  { method: "put", path: `${product}/deliverables/append/{variantId}`, summary: "Add serials to a variant", tag: "Products", auth: "seller", body: appendDeliverablesSchema, success: { description: "`{added, duplicates}`" } },
  { method: "put", path: `${product}/deliverables/overwrite/{variantId}`, summary: "Replace a variant's unsold serials", tag: "Products", auth: "seller", body: overwriteDeliverablesSchema, success: { description: "`{added, duplicates, removed}`" } },
  { method: "put", path: `${product}/deliverables/remove/{variantId}`, summary: "Remove unsold serials from a variant", tag: "Products", auth: "seller", body: removeDeliverablesSchema, success: { description: "`{removed, not_found}`" } },
  // groups
  { method: "get", path: `${shop}/groups`, summary: "List groups with products and products_count", tag: "Groups", auth: "seller", success: { description: "Array of Group" } },
  { method: "get", path: `${shop}/groups/{groupId}`, summary: "Get a group with its products", tag: "Groups", auth: "seller", success: { description: "Group" } },
  { method: "post", path: `${shop}/groups`, summary: "Create a group", tag: "Groups", auth: "seller", body: createGroupSchema, success: { status: 201, description: "Group without products" } },
  { method: "put", path: `${shop}/groups/{groupId}`, summary: "Update a group (create body; `products` replaces its members)", tag: "Groups", auth: "seller", body: createGroupSchema, success: { description: "Group with products" } },
  { method: "delete", path: `${shop}/groups/{groupId}`, summary: "Delete a group (its products stay, ungrouped)", tag: "Groups", auth: "seller", success: { description: "`{message}`" } },
  // images
  { method: "get", path: `${shop}/images`, summary: "List images", tag: "Images", auth: "seller", success: { description: "Array of Image" } },
  { method: "post", path: `${shop}/images`, summary: "Upload an image", tag: "Images", auth: "seller", body: imageUpload, multipart: true, success: { status: 201, description: "Image" }, errors: [413] },
  { method: "delete", path: `${shop}/images/{imageId}`, summary: "Delete an image (detached from whatever shows it)", tag: "Images", auth: "seller", success: { description: "`{message}`" } },
  // themes
  { method: "get", path: `${shop}/themes`, summary: "List themes", tag: "Themes", auth: "seller", success: { description: "Array of Theme" } },
  { method: "get", path: `${shop}/themes/{themeId}`, summary: "Get a theme", tag: "Themes", auth: "seller", success: { description: "Theme" } },
  { method: "post", path: `${shop}/themes`, summary: "Create a theme", tag: "Themes", auth: "seller", body: createThemeSchema, success: { status: 201, description: "Theme" } },
  { method: "put", path: `${shop}/themes/{themeId}`, summary: "Update a theme", tag: "Themes", auth: "seller", body: updateThemeSchema, success: { description: "Theme" } },
  { method: "delete", path: `${shop}/themes/{themeId}`, summary: "Delete a theme", tag: "Themes", auth: "seller", success: { description: "`{message}`" } },
  // custom fields
  { method: "get", path: `${shop}/custom-fields`, summary: "List custom fields", tag: "Custom fields", auth: "seller", success: { description: "Array of custom field" } },
  { method: "post", path: `${shop}/custom-fields`, summary: "Create a custom field", tag: "Custom fields", auth: "seller", body: customFieldSchema, success: { status: 201, description: "Custom field" } },
  { method: "put", path: `${shop}/custom-fields/{customFieldId}`, summary: "Update a custom field (same body as create)", tag: "Custom fields", auth: "seller", body: customFieldSchema, success: { description: "Custom field" } },
  { method: "delete", path: `${shop}/custom-fields/{customFieldId}`, summary: "Delete a custom field", tag: "Custom fields", auth: "seller", success: { description: "`{message}`" } },
];
