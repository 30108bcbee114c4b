"use client";
import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { DataTable, type Column } from "@/components/data-table";
import { ErrorNotice, StatusNotice } from "@/components/notice";
import { PageHeading } from "@/components/page-heading";
import { QueryView } from "@/components/query-view";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { WebhookForm } from "@/components/webhooks/webhook-form";
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook, useWebhooks } from "@/lib/client/hooks/webhooks";
import type { WebhookEndpointView } from "@/lib/webhooks/schemas";

const COLUMNS: Column<WebhookEndpointView>[] = [
  {
    key: "endpoint",
    header: "Endpoint",
    cell: (webhook) => (
      <>
        <div className="font-medium">
          #{webhook.id} {webhook.format}
        </div>
        <div className="break-all text-slate-500">{webhook.url ?? `Telegram chat ${webhook.telegram_chat_id}`}</div>
        {webhook.description ? <div className="text-slate-500">{webhook.description}</div> : null}
      </>
    ),
  },
  { key: "events", header: "Events", cell: (webhook) => (webhook.events.length ? webhook.events.join(", ") : "every event") },
  {
    key: "state",
    header: "State",
    cell: (webhook) => (
      <>
        {webhook.enabled ? "enabled" : "disabled"}
        {webhook.disabled_reason ? <div className="text-red-700">{webhook.disabled_reason}</div> : null}
      </>
    ),
  },
];

/**
 * Webhook endpoints: signed JSON to the seller's systems, or chat alerts to a
 * Discord channel or a Telegram chat. A secret is shown once (after create
 * or rotate), behind a reveal button.
 */
export default function WebhooksPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const webhooks = useWebhooks(shopId);
  const update = useUpdateWebhook(shopId);
  const remove = useDeleteWebhook(shopId);
  const rotate = useRotateWebhookSecret(shopId);
  const [secret, setSecret] = useState<{ id: number; value: string } | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const showSecret = (id: number, value: string) => {
    setSecret({ id, value });
    setRevealed(false);
  };
  const endpoint = webhooks.data?.find((candidate) => candidate.id === selected) ?? null;
  const error = update.error ?? remove.error ?? rotate.error;

  return (
    <section className="space-y-4">
      <PageHeading
        title="Webhooks"
        description="Order events sent to your systems (signed, retried for about a day), or as sale, refund and stock alerts to Discord or Telegram."
      />

      <WebhookForm
        shopId={shopId}
        onCreated={(created) => {
          setStatus(`Webhook #${created.id} created.`);
          showSecret(created.id, created.secret);
          setSelected(created.id);
        }}
      />

      <div aria-live="polite" className="space-y-2">
        {error ? <ErrorNotice>{error.message}</ErrorNotice> : status ? <StatusNotice>{status}</StatusNotice> : null}
        {secret ? (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="webhook-secret">
            <p>
              Signing secret of webhook #{secret.id}: copy it now, it is not shown again.{" "}
              {revealed ? <code className="break-all">{secret.value}</code> : null}
            </p>
            <div className="mt-2 flex gap-2">
              <Button variant="secondary" onClick={() => setRevealed(!revealed)}>
                {revealed ? "Hide secret" : "Reveal secret"}
              </Button>
              <Button variant="secondary" onClick={() => setSecret(null)}>
                Done
              </Button>
            </div>
          </div>
        ) : null}
      </div>

      <QueryView query={webhooks} loading="Loading webhooks" height="h-32" empty="No webhooks yet. Create one above.">
        {(rows) => (
          <DataTable
            caption="Webhook endpoints"
            rows={rows}
            columns={COLUMNS}
            rowClassName={() => "align-top"}
            actions={(webhook) => (
              <div className="space-x-1 space-y-1 text-right">
                <Button variant="secondary" onClick={() => setSelected(webhook.id)}>
                  Deliveries
                </Button>
                <Button
                  variant="secondary"
                  onClick={() =>
                    update.mutate({ id: webhook.id, input: { enabled: !webhook.enabled } }, { onSuccess: () => setStatus(null) })
                  }
                >
                  {webhook.enabled ? "Disable" : "Enable"}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    if (!window.confirm(`Rotate the signing secret of webhook #${webhook.id}? The old one stops working at once.`)) return;
                    rotate.mutate(webhook.id, { onSuccess: (rotated) => showSecret(webhook.id, rotated.secret) });
                  }}
                >
                  Rotate secret
                </Button>
                <Button
                  variant="danger"
                  onClick={() => {
                    if (!window.confirm(`Delete webhook #${webhook.id} and its delivery log?`)) return;
                    remove.mutate(webhook.id, { onSuccess: () => setStatus(`Webhook #${webhook.id} deleted.`) });
                  }}
                >
                  Delete
                </Button>
              </div>
            )}
          />
        )}
      </QueryView>

      {endpoint ? <DeliveryLog key={endpoint.id} shopId={shopId} endpoint={endpoint} /> : null}
    </section>
  );
}
