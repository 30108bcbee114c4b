"use client";
import Link from "next/link";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/button";
import { StatusNotice } from "@/components/notice";
import { showApiErrors } from "@/lib/client/form-errors";
import { useSaveNotificationSettings } from "@/lib/client/hooks/notifications";
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, type NotificationSettingsMap } from "@/lib/notifications/events";
import { notificationSettingsSchema } from "@/lib/notifications/schemas";
import { TableScroller } from "@/components/table-scroller";

const EVENT_LABELS: Record<(typeof NOTIFICATION_EVENTS)[number], string> = {
  invoice_completed: "Invoice completed",
  invoice_refunded: "Invoice refunded",
  stock_low: "Stock low",
  reseller_order: "Reseller order",
  reseller_applied: "Reseller applied",
  subscription_cancelled: "Subscription cancelled",
  affiliate_payout: "Affiliate payout",
};
const CHANNEL_LABELS = { dashboard: "Dashboard", email: "Email" } as const;

/** Which events notify the seller, per channel; the whole map is sent, as the settings route takes it. */
export function NotificationSettingsForm({ shopId, settings }: { shopId: string; settings: NotificationSettingsMap }) {
  const save = useSaveNotificationSettings(shopId);
  const form = useForm({ resolver: zodResolver(notificationSettingsSchema), defaultValues: settings });
  const { errors, isSubmitting } = form.formState;
  const [saved, setSaved] = useState(false);

  // checkboxes can only send booleans of known events, so any refusal is a form-level message
  const submit = form.handleSubmit(async (patch) => {
    setSaved(false);
    try {
      form.reset((await save.mutateAsync(patch)).settings);
      setSaved(true);
    } catch (error) {
      showApiErrors(error, form.setError, []);
    }
  });

  return (
    <form onSubmit={submit} onChange={() => setSaved(false)} noValidate className="space-y-3">
      <p className="text-sm text-slate-500">
        Chat channels: sale, refund and stock alerts reach a Discord channel or a Telegram chat through a{" "}
        <Link href={`/dashboard/${shopId}/webhooks`} className="text-blue-700 underline">
          webhook endpoint
        </Link>{" "}
        of format Discord or Telegram, subscribed to those events.
      </p>
      <TableScroller>
        <table className="min-w-full text-sm">
          <caption className="sr-only">Notify me about</caption>
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Event
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="px-3 py-2 text-center font-medium">
                  {CHANNEL_LABELS[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {NOTIFICATION_EVENTS.map((event) => (
              <tr key={event}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {EVENT_LABELS[event]}
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel} className="px-3 py-2 text-center">
                    <input
                      type="checkbox"
                      aria-label={`${EVENT_LABELS[event]} by ${CHANNEL_LABELS[channel].toLowerCase()}`}
                      className="size-4 accent-blue-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                      {...form.register(`${event}.${channel}`)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      {errors.root ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save settings"}
        </Button>
        {saved ? <StatusNotice>Notification settings saved.</StatusNotice> : null}
      </div>
    </form>
  );
}
