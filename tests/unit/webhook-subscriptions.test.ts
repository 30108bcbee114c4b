import { describe, expect, it } from "vitest";
import { subscribersOf } from "@/lib/webhooks/events";

describe("which endpoints take an event type (subscribersOf)", () => {
  const endpoints = [
    { id: 1, events: [], format: "standard" },
    { id: 2, events: [], format: "discord" },
    { id: 3, events: [], format: "telegram" },
    { id: 4, events: ["product.updated"], format: "discord" },
    { id: 5, events: ["invoice.completed"], format: "standard" },
  ];

  it("an endpoint that chose no types takes every type; one that chose some takes only those", () => {
    expect(subscribersOf(7, endpoints, ["invoice.completed"]).targets).toEqual([{ type: "invoice.completed", endpointIds: [1, 2, 3, 5] }]);
  });

  it("a chat endpoint takes the catalog's product events only when it names them", () => {
    expect(subscribersOf(7, endpoints, ["product.updated", "product.created"]).targets).toEqual([
      { type: "product.updated", endpointIds: [1, 4] },
      { type: "product.created", endpointIds: [1] },
    ]);
  });
});
