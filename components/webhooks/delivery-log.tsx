"use client";
import { useState } from "react";
import { Button } from "@/components/button";
import { ErrorNotice } from "@/components/notice";
import { SelectField } from "@/components/select-field";
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import type { WebhookEndpointView } from "@/lib/webhooks/schemas";
import { useRedeliver, useSendTestEvent, useWebhookDeliveries } from "@/lib/client/hooks/webhooks";
import { CodeBlock } from "@/components/code-block";

/** An endpoint's deliveries with every attempt's request and response, redelivery, and a test event of a chosen type. */
export function DeliveryLog({ shopId, endpoint }: { shopId: string; endpoint: WebhookEndpointView }) {
  const [query, setQuery] = useState<{ page: number; status?: string; event_type?: string }>({ page: 1 });
  const [testType, setTestType] = useState<string>("invoice.completed");
  const deliveries = useWebhookDeliveries(shopId, endpoint.id, query);
  const sendTest = useSendTestEvent(shopId);
  const redeliver = useRedeliver(shopId);
  const page = deliveries.data;

  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={`Deliveries of webhook ${endpoint.id}`}>
      <h2 className="text-lg font-semibold">Deliveries of #{endpoint.id}</h2>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField label="Test event type" value={testType} onChange={(event) => setTestType(event.target.value)}>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </SelectField>
        <Button onClick={() => sendTest.mutate({ id: endpoint.id, eventType: testType })} disabled={sendTest.isPending}>
          Send test event
        </Button>
        <SelectField
          label="Status"
          value={query.status ?? ""}
          onChange={(event) => setQuery({ ...query, page: 1, status: event.target.value || undefined })}
        >
          <option value="">any</option>
          {DELIVERY_STATUSES.map((status) => (
            <option key={status}>{status}</option>
          ))}
        </SelectField>
        <SelectField
          label="Event type"
          value={query.event_type ?? ""}
          onChange={(event) => setQuery({ ...query, page: 1, event_type: event.target.value || undefined })}
        >
          <option value="">any</option>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </SelectField>
      </div>
      {sendTest.error ? <ErrorNotice>{sendTest.error.message}</ErrorNotice> : null}
      {redeliver.error ? <ErrorNotice>{redeliver.error.message}</ErrorNotice> : null}
      {deliveries.error ? <ErrorNotice>{deliveries.error.message}</ErrorNotice> : null}
      {page && page.data.length === 0 ? <p className="text-sm text-slate-500">No deliveries yet.</p> : null}
      <ul className="space-y-2">
        {page?.data.map((delivery) => (
          <li key={delivery.id} className="flex items-start gap-2 rounded border border-slate-200 p-2 text-sm" data-testid="delivery">
            {/* beside the summary, not in it: a control inside <summary> is nested in another (axe: nested-interactive) */}
            <details className="min-w-0 flex-1">
              <summary className="flex cursor-pointer flex-wrap items-center gap-2">
                <code>{delivery.event_type}</code>
                <span className="rounded bg-slate-100 px-1">{delivery.status}</span>
                <span>
                  {delivery.attempts} attempt(s){delivery.last_status ? `, last HTTP ${delivery.last_status}` : ""}
                  {delivery.last_error ? ` (${delivery.last_error})` : ""}
                </span>
                <span className="text-slate-500">{new Date(delivery.created_at).toLocaleString()}</span>
              </summary>
              {delivery.attempt_log.map((attempt) => (
                <div key={attempt.number} className="mt-2 space-y-1 border-t border-slate-100 pt-2">
                  <p>
                    Attempt {attempt.number}: {attempt.response_status ?? "no answer"} in {attempt.duration_ms} ms{" "}
                    {attempt.error ? `(${attempt.error})` : ""} → <code>{attempt.url}</code>
                  </p>
                  <p className="font-medium">Request</p>
                  <CodeBlock label={`Attempt ${attempt.number}: request`} className="overflow-x-auto bg-slate-50 p-2 text-xs">
                    {Object.entries(attempt.request_headers)
                      .map(([name, value]) => `${name}: ${value}`)
                      .join("\n")}
                    {"\n\n"}
                    {attempt.request_body}
                  </CodeBlock>
                  <p className="font-medium">Response</p>
                  <CodeBlock label={`Attempt ${attempt.number}: response`} className="overflow-x-auto bg-slate-50 p-2 text-xs">
                    {attempt.response_body ?? ""}
                  </CodeBlock>
                </div>
              ))}
            </details>
            <Button variant="secondary" onClick={() => redeliver.mutate({ id: endpoint.id, deliveryId: delivery.id })}>
              Redeliver
            </Button>
          </li>
        ))}
      </ul>
      {page && page.last_page > 1 ? (
        <div className="flex gap-2">
          <Button variant="secondary" disabled={query.page <= 1} onClick={() => setQuery({ ...query, page: query.page - 1 })}>
            Previous
          </Button>
          <span className="text-sm">
            Page {page.current_page} of {page.last_page}
          </span>
          <Button variant="secondary" disabled={query.page >= page.last_page} onClick={() => setQuery({ ...query, page: query.page + 1 })}>
            Next
          </Button>
        </div>
      ) : null}
    </section>
  );
}
