import { randomUUID } from "node:crypto";
import { createImage, createProduct, gradientPng, uniqueName } from "../catalog";
import { serialProduct } from "../openapi-records";
import { shopRecord, type Call } from "./context";

/** Products and stock, groups, images, themes, custom fields: records of the test's own. */
export const catalogCalls: Record<string, Call> = {
  // products and stock
  listProducts: ({ send, shopId }) => send("listProducts", { params: { shopId }, query: { perPage: 5 } }),
  createProduct: ({ send, shopId }) =>
    send("createProduct", {
      params: { shopId },
      data: { name: uniqueName("Product"), deliverables_type: "serials", variants: [{ name: "Standard", price: 9.99 }] },
    }),
  getProduct: async ({ send, seller, shopId }) =>
    send("getProduct", { params: { shopId, productId: (await serialProduct(seller, shopId)).id } }),
  updateProduct: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    return send("updateProduct", {
      params: { shopId, productId: product.id },
      data: {
        name: uniqueName("Renamed"),
        variants: [
          { id: product.variants[0]!.id, name: "Key", price: 5.49 },
          { name: "Bundle", price: 12 },
        ],
      },
    });
  },
  deleteProduct: async ({ send, seller, shopId }) =>
    send("deleteProduct", { params: { shopId, productId: (await serialProduct(seller, shopId, 0)).id } }),
  sortProducts: async ({ send, seller, shopId }) =>
    send("sortProducts", { params: { shopId }, data: { sortedIds: [(await createProduct(seller, shopId)).id] } }),
  bulkUpdateProducts: async ({ send, seller, shopId }) =>
    send("bulkUpdateProducts", {
      params: { shopId, field: "visibility" },
      data: { product_ids: [(await createProduct(seller, shopId)).id], visibility: "unlisted" },
    }),
  cloneProduct: async ({ send, seller, shopId }) =>
    send("cloneProduct", { params: { shopId, productId: (await serialProduct(seller, shopId)).id } }),
  setServiceStock: async ({ send, seller, shopId }) => {
    const service = await createProduct(seller, shopId, { deliverables_type: "service", variants: [{ name: "Hour", price: 30 }] });
    return send("setServiceStock", { params: { shopId, productId: service.id, variantId: service.variants[0].id }, data: { stock: 12 } });
  },
  listUnsoldSerials: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    return send("listUnsoldSerials", { params: { shopId, productId: product.id, variantId: product.variants[0]!.id } });
  },
  appendSerials: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId, 0);
    return send("appendSerials", {
      params: { shopId, productId: product.id, variantId: product.variants[0]!.id },
      data: { deliverables: [`A-${randomUUID()}`, `B-${randomUUID()}`] },
    });
  },
  overwriteSerials: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    return send("overwriteSerials", {
      params: { shopId, productId: product.id, variantId: product.variants[0]!.id },
      data: { deliverables: `C-${randomUUID()}\nD-${randomUUID()}` },
    });
  },
  removeSerials: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId, 1);
    const variantId = product.variants[0]!.id;
    const serials = await (await seller.get(`/v1/shops/${shopId}/products/${product.id}/deliverables/${variantId}`)).json();
    return send("removeSerials", { params: { shopId, productId: product.id, variantId }, data: { deliverables: serials.deliverables } });
  },

  // groups, images, themes, custom fields
  listGroups: ({ send, shopId }) => send("listGroups", { params: { shopId } }),
  getGroup: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    const group = await shopRecord(seller, `/v1/shops/${shopId}/groups`, { name: uniqueName("Group"), products: [product.id] });
    return send("getGroup", { params: { shopId, groupId: group.id } });
  },
  createGroup: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    return send("createGroup", { params: { shopId }, data: { name: uniqueName("Group"), visibility: "private", products: [product.id] } });
  },
  updateGroup: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    const group = await shopRecord(seller, `/v1/shops/${shopId}/groups`, { name: uniqueName("Group") });
    return send("updateGroup", { params: { shopId, groupId: group.id }, data: { name: uniqueName("Group"), products: [product.id] } });
  },
  updateGroupAtUpdatePath: async ({ send, seller, shopId }) => {
    const product = await serialProduct(seller, shopId);
    const group = await shopRecord(seller, `/v1/shops/${shopId}/groups`, { name: uniqueName("Group") });
    return send("updateGroupAtUpdatePath", {
      params: { shopId, groupId: group.id },
      data: { name: uniqueName("Group"), products: [product.id] },
    });
  },
  deleteGroup: async ({ send, seller, shopId }) => {
    const group = await shopRecord(seller, `/v1/shops/${shopId}/groups`, { name: uniqueName("Group") });
    return send("deleteGroup", { params: { shopId, groupId: group.id } });
  },
  listImages: ({ send, shopId }) => send("listImages", { params: { shopId } }),
  uploadImage: ({ send, shopId }) =>
    send("uploadImage", {
      params: { shopId },
      multipart: { image: { name: "square.png", mimeType: "image/png", buffer: gradientPng(4, 4, [0, 0, 0], [255, 255, 255]) } },
    }),
  deleteImage: async ({ send, seller, shopId }) =>
    send("deleteImage", { params: { shopId, imageId: (await createImage(seller, shopId)).id } }),
  listThemes: ({ send, shopId }) => send("listThemes", { params: { shopId } }),
  getTheme: async ({ send, seller, shopId }) => {
    const theme = await shopRecord(seller, `/v1/shops/${shopId}/themes`, { name: uniqueName("Theme") });
    return send("getTheme", { params: { shopId, themeId: theme.id } });
  },
  createTheme: ({ send, shopId }) =>
    send("createTheme", {
      params: { shopId },
      data: { name: uniqueName("Theme"), description: "Dark", template: { colors: { primary: "#000" } } },
    }),
  updateTheme: async ({ send, seller, shopId }) => {
    const theme = await shopRecord(seller, `/v1/shops/${shopId}/themes`, { name: uniqueName("Theme") });
    const image = await createImage(seller, shopId);
    return send("updateTheme", { params: { shopId, themeId: theme.id }, data: { type: "public", image_id: image.id } });
  },
  activateTheme: async ({ send, seller, seed }) => {
    // the demo shop's storefront is read by parallel tests: this changes the look of the seller's second shop
    const outletId = seed.seller.shopIds[1]!;
    const theme = await shopRecord(seller, `/v1/shops/${outletId}/themes`, { name: uniqueName("Theme") });
    return send("activateTheme", { params: { shopId: outletId, themeId: theme.id } });
  },
  deleteTheme: async ({ send, seller, shopId }) => {
    const theme = await shopRecord(seller, `/v1/shops/${shopId}/themes`, { name: uniqueName("Theme") });
    return send("deleteTheme", { params: { shopId, themeId: theme.id } });
  },
  listCustomFields: ({ send, shopId }) => send("listCustomFields", { params: { shopId } }),
  createCustomField: ({ send, shopId }) =>
    send("createCustomField", { params: { shopId }, data: { name: uniqueName("Field"), type: "select", options: "S, M, L" } }),
  updateCustomField: async ({ send, seller, shopId }) => {
    const field = await shopRecord(seller, `/v1/shops/${shopId}/custom-fields`, { name: uniqueName("Field"), type: "text" });
    return send("updateCustomField", {
      params: { shopId, customFieldId: field.id },
      data: { name: uniqueName("Field"), type: "email", hint: "Where to send it" },
    });
  },
  deleteCustomField: async ({ send, seller, shopId }) => {
    const field = await shopRecord(seller, `/v1/shops/${shopId}/custom-fields`, { name: uniqueName("Field"), type: "text" });
    return send("deleteCustomField", { params: { shopId, customFieldId: field.id } });
  },
};
