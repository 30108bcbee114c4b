"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useParams } from "next/navigation";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { EditorForm } from "@/components/editor-form";
import { StatusBadge } from "@/components/status-badge";
import { TextareaField } from "@/components/textarea-field";
import { TicketThread } from "@/components/tickets/thread";
import { ApiRequestError } from "@/lib/client/api";
import { useBuyerReply, useBuyerTicket } from "@/lib/client/hooks/buyer";
import { ATTACHMENTS_MAX, ticketMessageBody } from "@/lib/tickets/schemas";

function ReplyForm({ token }: { token: string }) {
  const reply = useBuyerReply(token);
  const form = useForm({ resolver: zodResolver(ticketMessageBody), defaultValues: { content: "" } });
  const files = useRef<HTMLInputElement>(null);
  return (
    <EditorForm
      form={form}
      fields={["content"] as const}
      save={async (input) => {
        await reply.mutateAsync({ ...input, files: [...(files.current?.files ?? [])].slice(0, ATTACHMENTS_MAX) });
        form.reset({ content: "" });
        if (files.current) files.current.value = "";
      }}
      submitLabel="Send reply"
    >
      <TextareaField label="Your reply" rows={4} error={form.formState.errors.content?.message} {...form.register("content")} />
      <label className="block text-sm">
        <span className="font-medium">Images (optional, up to {ATTACHMENTS_MAX})</span>
        <input ref={files} type="file" accept="image/png,image/jpeg,image/gif,image/webp" multiple className="mt-1 block w-full text-sm" />
      </label>
    </EditorForm>
  );
}

/** The buyer's support conversation (public; reached by the signed link the shop's e-mails and the order's page give). */
export default function BuyerTicketPage() {
  const { token } = useParams<{ token: string }>();
  const ticket = useBuyerTicket(token);
  const thread = ticket.data;
  return (
    <main className="mx-auto w-full max-w-xl space-y-5 px-4 py-6 sm:py-10">
      {thread ? (
        <>
          <header className="space-y-1">
            <p className="text-sm text-slate-500">{thread.shop_name}</p>
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-xl font-semibold [overflow-wrap:anywhere]">{thread.subject}</h1>
              <StatusBadge status={thread.status} />
            </div>
            {thread.invoice_unique_id ? (
              <a href={`/invoice/${thread.invoice_unique_id}`} className="text-sm text-blue-700 underline">
                Order {thread.invoice_unique_id}
              </a>
            ) : null}
          </header>
          <TicketThread messages={thread.messages} viewer="buyer" />
          <section aria-label="Reply" className="rounded-lg border border-slate-200 bg-white p-4">
            <ReplyForm token={token} />
          </section>
        </>
      ) : (
        <p className="text-center text-sm text-slate-500" role="status">
          {ticket.error instanceof ApiRequestError && ticket.error.status === 404
            ? "This conversation link is not valid."
            : ticket.error
              ? "The conversation could not load. Reload the page to try again."
              : "Loading…"}
        </p>
      )}
    </main>
  );
}
