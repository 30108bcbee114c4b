"use client";
import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { ErrorNotice, Skeleton, StatusNotice } from "@/components/notice";
import { TableScroller } from "@/components/table-scroller";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { WebhookForm } from "@/components/webhooks/webhook-form";
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook, useWebhooks } from "@/lib/client/hooks/webhooks";

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
      <div>
        <h1 className="text-2xl font-semibold">Webhooks</h1>
        <p className="mt-1 text-sm text-slate-500">
          Order events sent to your systems (signed, retried for about a day), or as sale, refund and stock alerts to Discord or Telegram.
        </p>
      </div>

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

      {webhooks.error ? (
        <ErrorNotice>{webhooks.error.message}</ErrorNotice>
      ) : !webhooks.data ? (
        <Skeleton label="Loading webhooks" className="h-32" />
      ) : webhooks.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-500">
          No webhooks yet. Create one above.
        </p>
      ) : (
        <TableScroller>
          <table className="min-w-full text-sm">
            <caption className="sr-only">Webhook endpoints</caption>
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Endpoint
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Events
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  State
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {webhooks.data.map((webhook) => (
                <tr key={webhook.id} className="border-t border-slate-100 align-top">
                  <td className="px-4 py-2">
                    <div className="font-medium">
                      #{webhook.id} {webhook.format}
                    </div>
                    <div className="break-all text-slate-500">{webhook.url ?? `Telegram chat ${webhook.telegram_chat_id}`}</div>
                    {webhook.description ? <div className="text-slate-500">{webhook.description}</div> : null}
                  </td>
                  <td className="px-4 py-2">{webhook.events.length ? webhook.events.join(", ") : "every event"}</td>
                  <td className="px-4 py-2">
                    {webhook.enabled ? "enabled" : "disabled"}
                    {webhook.disabled_reason ? <div className="text-red-700">{webhook.disabled_reason}</div> : null}
                  </td>
                  <td className="space-x-1 space-y-1 px-4 py-2 text-right">
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
                        if (!window.confirm(`Rotate the signing secret of webhook #${webhook.id}? The old one stops working at once.`))
                          return;
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}

      {endpoint ? <DeliveryLog key={endpoint.id} shopId={shopId} endpoint={endpoint} /> : null}
    </section>
  );
}
