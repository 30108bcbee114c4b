"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/button";
import { EditorForm } from "@/components/editor-form";
import { ErrorNotice, Skeleton } from "@/components/notice";
import { OutcomeNotice, type Outcome } from "@/components/query-view";
import { StatusBadge } from "@/components/status-badge";
import { TextareaField } from "@/components/textarea-field";
import { TicketThread } from "@/components/tickets/thread";
import { useDeleteTicketMessage, useTicket, useTicketAction, useTicketReply } from "@/lib/client/hooks/after-sale";
import { ticketMessageBody, type TicketView } from "@/lib/tickets/schemas";

function ReplyForm({ shopId, ticketId, onSent }: { shopId: string; ticketId: string; onSent: () => void }) {
  const reply = useTicketReply(shopId, ticketId);
  const form = useForm({ resolver: zodResolver(ticketMessageBody), defaultValues: { content: "" } });
  return (
    <EditorForm
      form={form}
      fields={["content"] as const}
      save={async (input) => {
        await reply.mutateAsync(input);
        form.reset({ content: "" });
        onSent();
      }}
      submitLabel="Send reply"
    >
      <TextareaField
        label="Reply"
        rows={4}
        hint="E-mailed to the buyer with a link to this conversation."
        error={form.formState.errors.content?.message}
        {...form.register("content")}
      />
    </EditorForm>
  );
}

function Actions({ shopId, ticket, onDone }: { shopId: string; ticket: TicketView; onDone: (outcome: Outcome) => void }) {
  const act = useTicketAction(shopId, String(ticket.id));
  const run = (action: "close" | "reopen" | "archive" | "unarchive", text: string) =>
    act.mutate(action, { onSuccess: () => onDone({ ok: true, text }), onError: (error) => onDone({ ok: false, text: error.message }) });
  return (
    <div className="flex flex-wrap gap-2">
      {ticket.status === "open" ? (
        <Button variant="secondary" disabled={act.isPending} onClick={() => run("close", "Ticket closed.")}>
          Close
        </Button>
      ) : (
        <Button variant="secondary" disabled={act.isPending} onClick={() => run("reopen", "Ticket reopened.")}>
          Reopen
        </Button>
      )}
      {ticket.archived ? (
        <Button variant="secondary" disabled={act.isPending} onClick={() => run("unarchive", "Ticket taken out of the archive.")}>
          Unarchive
        </Button>
      ) : (
        <Button variant="secondary" disabled={act.isPending} onClick={() => run("archive", "Ticket archived.")}>
          Archive
        </Button>
      )}
    </div>
  );
}

/**
 * One ticket: the thread, the seller's reply, close/reopen/archive, and the
 * way to its invoice, whose page holds the one-click actions (replace the
 * delivered key, resend, refund, refund to store credit), and to the
 * buyer's store credit.
 */
export default function TicketPage() {
  const { shopId, ticketId } = useParams<{ shopId: string; ticketId: string }>();
  const ticket = useTicket(shopId, ticketId);
  const remove = useDeleteTicketMessage(shopId, ticketId);
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (ticket.error) return <ErrorNotice>{ticket.error.message}</ErrorNotice>;
  if (!ticket.data) return <Skeleton label="Loading ticket" />;
  const data = ticket.data;
  return (
    <section className="space-y-4">
      <Link href={`/dashboard/${shopId}/tickets`} className="text-sm text-blue-700 hover:underline">
        ← Tickets
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{data.subject}</h1>
          <StatusBadge status={data.status} />
          {data.archived ? <span className="text-sm text-slate-500">archived</span> : null}
        </div>
        <Actions shopId={shopId} ticket={data} onDone={setOutcome} />
      </div>
      <OutcomeNotice outcome={outcome} />
      <dl className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Buyer</dt>
          <dd className="break-all">
            {data.customer_id ? (
              <>
                <Link href={`/dashboard/${shopId}/customers/${data.customer_id}`} className="text-blue-700 hover:underline">
                  {data.email}
                </Link>
                {" · "}
                <Link href={`/dashboard/${shopId}/customers/${data.customer_id}#store-credit`} className="text-blue-700 hover:underline">
                  credit the balance
                </Link>
              </>
            ) : (
              data.email
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Order</dt>
          <dd>
            {data.invoice_id ? (
              <Link href={`/dashboard/${shopId}/invoices/${data.invoice_id}`} className="text-blue-700 hover:underline">
                {data.invoice_unique_id}: replace the key, resend, refund (or to store credit)
              </Link>
            ) : (
              "—"
            )}
          </dd>
        </div>
      </dl>
      <TicketThread messages={data.messages} viewer="seller" />
      {data.messages.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-600">Delete a message</summary>
          <ul className="mt-2 space-y-1">
            {data.messages.map((message, index) => (
              <li key={message.id} className="flex items-center justify-between gap-2">
                <span className="truncate">
                  {index + 1}. {message.content}
                </span>
                <Button
                  variant="danger"
                  className="px-2 py-1 text-xs"
                  aria-label={`Delete message ${index + 1}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(message.id, {
                      onSuccess: () => setOutcome({ ok: true, text: "Message deleted." }),
                      onError: (error) => setOutcome({ ok: false, text: error.message }),
                    })
                  }
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <ReplyForm shopId={shopId} ticketId={ticketId} onSent={() => setOutcome({ ok: true, text: "Reply sent to the buyer." })} />
      </div>
    </section>
  );
}
