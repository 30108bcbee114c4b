import type { ProductView } from "../../lib/catalog/schemas";
import { expect, test } from "../support/api";
import { createProduct } from "../support/catalog";

const REL = 'rel="nofollow ugc noopener"';

/** What a hostile seller sends, and what buyers may then be shown. */
const HOSTILE = {
  description: '<p style="color:red" onclick="steal()">Fast <a href="javascript:alert(1)">keys</a></p><script>alert(1)</script>',
  description_stored: "<p>Fast <a>keys</a></p>",
  instructions: '<img src=x onerror=alert(1)><a href="https://help.example/redeem">Redeem</a><iframe src="https://evil/"></iframe>',
  instructions_stored: `<a href="https://help.example/redeem" ${REL} target="_blank">Redeem</a>`,
  variant: '<img src="//evil/x.png"><img src="/cdn/abc.png" alt="Box"><svg onload=alert(1)></svg>',
  variant_stored: '<img src="/cdn/abc.png" alt="Box" />',
};

test.describe("seller HTML", () => {
  test("create stores description, instructions and variant descriptions sanitised", async ({ seller, shopId }) => {
    const product = await createProduct(seller, shopId, {
      description: HOSTILE.description,
      instructions: HOSTILE.instructions,
      variants: [{ name: "Standard", price: 9.99, description: HOSTILE.variant }],
    });
    expect([product.description, product.instructions, product.variants[0].description]).toEqual([
      HOSTILE.description_stored,
      HOSTILE.instructions_stored,
      HOSTILE.variant_stored,
    ]);

    const response = await seller.get(`/v1/shops/${shopId}/products/${product.id}`);
    expect(response.status(), await response.text()).toBe(200);
    const read = (await response.json()) as ProductView;
    expect([read.description, read.instructions, read.variants[0]?.description]).toEqual([
      HOSTILE.description_stored,
      HOSTILE.instructions_stored,
      HOSTILE.variant_stored,
    ]);
  });

  test("update stores them sanitised too, and safe HTML is kept as sent", async ({ seller, shopId }) => {
    const safe = "<p><strong>Fresh</strong> codes</p>";
    const product = await createProduct(seller, shopId, { description: safe, instructions: safe });
    expect([product.description, product.instructions]).toEqual([safe, safe]);

    const url = `/v1/shops/${shopId}/products/${product.id}`;
    const response = await seller.put(`${url}/update`, {
      data: {
        name: product.name,
        description: HOSTILE.description,
        instructions: HOSTILE.instructions,
        variants: [{ id: product.variants[0].id, name: "Standard", price: 9.99, description: HOSTILE.variant }],
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    const read = (await (await seller.get(url)).json()) as ProductView;
    expect([read.description, read.instructions, read.variants[0]?.description]).toEqual([
      HOSTILE.description_stored,
      HOSTILE.instructions_stored,
      HOSTILE.variant_stored,
    ]);
  });
});
