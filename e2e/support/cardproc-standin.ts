import { expect } from "@playwright/test";
import { startListener, type Listener } from "./outbound";

/**
 * The local stand-in of the card processor's API, where the server's
 * CARDPROC_API_BASE points (e2e/scripts/test.sh): it answers the hosted
 * checkout's creation as the processor does. It listens on the one port the
 * server knows, so the port is the lock: a spec that needs it while another
 * worker holds it waits until that worker closes it.
 */
const STANDIN_PORT = Number(process.env.TEST_CARDPROC_PORT);
/** A buyer whose session the stand-in refuses, as the processor refuses a bad request. */
export const REFUSED_MARK = "refused-by-processor";
/** How long to wait for another worker to release the port (a whole serial spec may hold it). */
const WAIT_FOR_PORT_MS = 120_000;

export async function startCardStandIn(): Promise<Listener> {
  expect(STANDIN_PORT, "TEST_CARDPROC_PORT is set by e2e/scripts/test.sh (npm test)").toBeGreaterThan(0);
  let sessions = 0;
  const deadline = Date.now() + WAIT_FOR_PORT_MS;
  for (;;) {
    try {
      return await startListener((request, response, body) => {
        const form = new URLSearchParams(body);
        if (request.method !== "POST" || request.url !== "/v1/checkout/sessions") {
          response
            .writeHead(404, { "content-type": "application/json" })
            .end(JSON.stringify({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }));
          return;
        }
        if (form.get("customer_email")?.startsWith(REFUSED_MARK)) {
          response.writeHead(400, { "content-type": "application/json" }).end(
            JSON.stringify({
              error: { type: "invalid_request_error", message: "Amount must be at least 50 cents", param: "line_items" },
            }),
          );
          return;
        }
        sessions += 1;
        // the worker's pid keeps ids apart between workers that hold the port in turn
        const serial = `${process.pid}${sessions}`;
        const id = `cs_test_standin${serial}`;
        response.writeHead(200, { "content-type": "application/json", "request-id": `req_${serial}` }).end(
          JSON.stringify({
            id,
            object: "checkout.session",
            mode: "payment",
            status: "open",
            payment_status: "unpaid",
            amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
            currency: form.get("line_items[0][price_data][currency]"),
            client_reference_id: form.get("client_reference_id"),
            payment_intent: `pi_standin${serial}`,
            url: `https://checkout.cardproc.test/c/pay/${id}`,
            metadata: { invoice_id: form.get("metadata[invoice_id]") },
          }),
        );
      }, STANDIN_PORT);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
