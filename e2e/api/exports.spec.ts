import { randomBytes } from "node:crypto";
import { expect, expectGuarded, expectValidationError, test } from "../support/api";
import { createProduct } from "../support/catalog";
import { completeInvoice, createPendingInvoice } from "../support/invoices";
import { CUSTOMER_EXPORT_COLUMNS } from "../../lib/customers/schemas";

const INVOICE_HEADER =
  "id,unique_id,status,email,customer_id,items,price,currency,price_usd,paid_usd,gateway,coupon_code,manual,archived,ip,created_at,completed_at";

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks), enough to read what the export wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") endField();
    else if (char === "\r" && text[i + 1] === "\n") {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += char;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

test.describe("CSV exports", () => {
  test("invoices: attachment headers, the list's filters, quoting and formula injection", async ({ seller, shopId }) => {
    const tag = randomBytes(4).toString("hex");
    const product = await createProduct(seller, shopId, {
      name: `=HYPERLINK("http://evil.example/${tag}")`,
      variants: [{ name: 'Big, "quoted"\nline', price: 12.5 }],
    });
    const email = `export-${tag}@example.test`;
    const first = await createPendingInvoice(seller, shopId, [{ variant_id: product.variants[0].id, quantity: 2 }], email);
    const second = await createPendingInvoice(seller, shopId, [{ variant_id: product.variants[0].id, quantity: 1 }], email);
    await completeInvoice(seller, shopId, second.id);

    const response = await seller.get(`/v1/shops/${shopId}/invoices/export`, { params: { email: tag } });
    expect(response.status(), await response.text()).toBe(200);
    const headers = response.headers();
    expect(headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="invoices-shop-${shopId}-\\d{8}\\.csv"$`));
    expect(headers["cache-control"]).toBe("no-store");

    const text = await response.text();
    expect(text.startsWith(`${INVOICE_HEADER}\r\n`)).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header!.join(",")).toBe(INVOICE_HEADER);
    expect(rows.map((row) => Number(row[0]))).toEqual([second.id, first.id]); // newest first by default
    const column = (name: string) => header!.indexOf(name);
    const firstRow = rows[1]!;
    expect(firstRow[column("items")]).toBe(`'=HYPERLINK("http://evil.example/${tag}") / Big, "quoted"\nline x2`);
    expect(firstRow[column("email")]).toBe(email);
    expect(firstRow[column("status")]).toBe("pending");
    expect(firstRow[column("price")]).toBe("25.00");
    expect(firstRow[column("manual")]).toBe("1");
    expect(rows[0]![column("status")]).toBe("completed");
    expect(rows[0]![column("completed_at")]).toMatch(/Z$/);
    // the raw text quotes the cell that holds quotes, a comma and a line break
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/${tag}"") / Big, ""quoted""\nline x2"`);

    // every filter of the list applies: status, and the direction of the id order
    const completed = parseCsv(
      await (await seller.get(`/v1/shops/${shopId}/invoices/export`, { params: { email: tag, statuses: "completed" } })).text(),
    );
    expect(completed.slice(1).map((row) => Number(row[0]))).toEqual([second.id]);
    const ascending = parseCsv(
      await (await seller.get(`/v1/shops/${shopId}/invoices/export`, { params: { email: tag, orderDirection: "asc" } })).text(),
    );
    expect(ascending.slice(1).map((row) => Number(row[0]))).toEqual([first.id, second.id]);
    const byProduct = parseCsv(
      await (await seller.get(`/v1/shops/${shopId}/invoices/export`, { params: { product_name: tag, perPage: 1 } })).text(),
    );
    expect(byProduct.slice(1).map((row) => Number(row[0]))).toEqual([second.id, first.id]);
    const none = await (await seller.get(`/v1/shops/${shopId}/invoices/export`, { params: { email: `none-${tag}` } })).text();
    expect(none).toBe(`${INVOICE_HEADER}\r\n`);
  });

  test("invoices: more rows than one batch arrive whole and in order", async ({ seller, shopId }) => {
    // the seed's invoices of shop 1 span more than one batch of 1000? count them first and compare with the list's total
    const total = (await (await seller.get(`/v1/shops/${shopId}/invoices`, { params: { perPage: 1, archived: false } })).json()).total;
    const text = await (await seller.get(`/v1/shops/${shopId}/invoices/export`, { params: { archived: false } })).text();
    const ids = parseCsv(text)
      .slice(1)
      .map((row) => Number(row[0]));
    // invoices made by tests running beside this one may land between the two reads
    expect(ids.length).toBeGreaterThanOrEqual(total);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  test("invoices: bad filters are 422 before any byte; export is not an invoice id", async ({ seller, shopId }) => {
    await expectValidationError(await seller.get(`/v1/shops/${shopId}/invoices/export`, { params: { statuses: "nope" } }), "statuses.0");
    await expectValidationError(
      await seller.get(`/v1/shops/${shopId}/invoices/export`, { params: { created_at_start: "2026-02-01", created_at_end: "2026-01-01" } }),
      "created_at_end",
    );
    const asInvoice = await seller.get(`/v1/shops/${shopId}/invoices/export`);
    expect(asInvoice.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  });

  test("customers: filters, totals, formula injection in emails", async ({ seller, shopId }) => {
    const tag = randomBytes(4).toString("hex");
    const plus = (await (
      await seller.post(`/v1/shops/${shopId}/customers`, {
        data: { email: `+cmd-${tag}@example.test`, username: `=sum-${tag}`, tags: ["vip", `t-${tag}`], note: "pays, late" },
      })
    ).json()) as { id: number };
    const credited = await seller.post(`/v1/shops/${shopId}/customers/${plus.id}/balance`, {
      data: { amount: 12.5, description: "goodwill" },
    });
    expect(credited.status(), await credited.text()).toBeLessThan(300);
    const minus = (await (
      await seller.post(`/v1/shops/${shopId}/customers`, { data: { email: `-x-${tag}@example.test`, banned: true } })
    ).json()) as {
      id: number;
    };
    const response = await seller.get(`/v1/shops/${shopId}/customers/export`, { params: { email: tag, orderDirection: "asc" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toMatch(new RegExp(`^attachment; filename="customers-shop-${shopId}-\\d{8}\\.csv"$`));
    const rows = parseCsv(await response.text());
    expect(rows[0]).toEqual(CUSTOMER_EXPORT_COLUMNS);
    // cells a spreadsheet would read as a formula are quoted
    expect(rows.slice(1).map((row) => row.slice(0, 9))).toEqual([
      [String(plus.id), `'+cmd-${tag}@example.test`, `'=sum-${tag}`, "0", "12.5", `vip|t-${tag}`, "pays, late", "0", "0.00"],
      [String(minus.id), `'-x-${tag}@example.test`, "", "1", "0", "", "", "0", "0.00"],
    ]);
    // the list's filters: a tag, a username
    const tagged = parseCsv(await (await seller.get(`/v1/shops/${shopId}/customers/export`, { params: { tag: `t-${tag}` } })).text());
    expect(tagged.slice(1).map((row) => Number(row[0]))).toEqual([plus.id]);
    const named = parseCsv(await (await seller.get(`/v1/shops/${shopId}/customers/export`, { params: { username: `sum-${tag}` } })).text());
    expect(named.slice(1).map((row) => Number(row[0]))).toEqual([plus.id]);
    const banned = parseCsv(
      await (await seller.get(`/v1/shops/${shopId}/customers/export`, { params: { email: tag, banned: true } })).text(),
    );
    expect(banned.slice(1).map((row) => Number(row[0]))).toEqual([minus.id]);
    await expectValidationError(
      await seller.get(`/v1/shops/${shopId}/customers/export`, { params: { orderDirection: "up" } }),
      "orderDirection",
    );
  });

  test("another seller's shop is 404, no key is 401", async ({ seller, otherSeller, anonymous, shopId, foreignShopId }) => {
    await expectGuarded({ seller, otherSeller, anonymous, shopId, foreignShopId }, [
      { method: "get", path: (shop) => `/v1/shops/${shop}/invoices/export` },
      { method: "get", path: (shop) => `/v1/shops/${shop}/customers/export` },
    ]);
  });
});
