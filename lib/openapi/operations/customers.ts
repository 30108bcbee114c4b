import type { Operation } from "../operation";
import { messageBody } from "../../api/schemas";
import {
  bulkBanCustomersSchema,
  bulkBanResult,
  createCustomerSchema,
  customerPage,
  customerView,
  exportCustomersQuery,
  listCustomersQuery,
  updateCustomerSchema,
} from "../../customers/schemas";
import { csvExportResponse } from "./csv-export";

const tag = "Customers";
const customers = "/v1/shops/{shopId}/customers";
const customer = `${customers}/{customerId}`;

export const customersOperations: Operation[] = [
  {
    operationId: "listCustomers",
    method: "get",
    path: customers,
    summary: "List customers (`email` substring, `banned`; sorted by id, email or created_at)",
    tag,
    auth: "seller",
    permission: "customers:read",
    query: listCustomersQuery,
    response: { description: "Seller paginated envelope of customers.", schema: customerPage },
  },
  {
    operationId: "createCustomer",
    method: "post",
    path: customers,
    summary: "Add a customer (emails are stored lower-cased and unique per shop)",
    tag,
    auth: "seller",
    permission: "customers:write",
    body: createCustomerSchema,
    response: { status: 201, description: "The new customer.", schema: customerView },
  },
  {
    operationId: "exportCustomers",
    method: "get",
    path: `${customers}/export`,
    summary: "Export the customers the filters match as CSV (id order)",
    tag,
    auth: "seller",
    permission: "exports:read",
    query: exportCustomersQuery,
    response: csvExportResponse("customers", ["id", "email", "banned", "invoices_count", "total_spent", "created_at", "updated_at"]),
  },
  {
    operationId: "bulkBanCustomers",
    method: "put",
    path: `${customers}/bulk-update/ban`,
    summary: "Ban (or with `banned: false` unban) several customers at once",
    tag,
    auth: "seller",
    permission: "customers:write",
    body: bulkBanCustomersSchema,
    response: { description: "How many of the ids were changed (ids of other shops are ignored).", schema: bulkBanResult },
  },
  {
    operationId: "getCustomer",
    method: "get",
    path: customer,
    summary: "Get a customer with their invoice count and spend",
    tag,
    auth: "seller",
    permission: "customers:read",
    response: { description: "The customer.", schema: customerView },
  },
  {
    operationId: "updateCustomer",
    method: "put",
    path: customer,
    summary: "Update a customer's email or ban (fields not sent keep their value)",
    tag,
    auth: "seller",
    permission: "customers:write",
    body: updateCustomerSchema,
    response: { description: "The updated customer.", schema: customerView },
  },
  {
    operationId: "deleteCustomer",
    method: "delete",
    path: customer,
    summary: "Delete a customer; their invoices stay (unlinked); refused (422) with subscriptions or an affiliate account",
    tag,
    auth: "seller",
    permission: "customers:write",
    response: { description: "`Customer deleted.`", schema: messageBody },
    errors: ["Invalid"],
  },
];
