import type { TicketMessageView } from "@/lib/tickets/schemas";

type Shown = Pick<TicketMessageView, "id" | "author" | "content" | "attachments" | "created_at">;

/**
 * A ticket's messages, oldest first, for the buyer's page and the
 * dashboard alike. Bodies are plain text: React escapes them, and the
 * line breaks the writer typed stay.
 */
export function TicketThread({ messages, viewer }: { messages: Shown[]; viewer: "buyer" | "seller" }) {
  if (!messages.length) return <p className="text-sm text-slate-500">No messages yet.</p>;
  return (
    <ol className="space-y-3" aria-label="Messages">
      {messages.map((message) => {
        const own = message.author === viewer;
        return (
          <li
            key={message.id}
            className={`rounded-lg border p-3 text-sm ${own ? "ml-6 border-blue-200 bg-blue-50" : "mr-6 border-slate-200 bg-white"}`}
            data-testid="ticket-message"
          >
            <p className="mb-1 text-xs text-slate-600">
              {message.author === "buyer" ? (viewer === "buyer" ? "You" : "Buyer") : viewer === "seller" ? "You (shop)" : "The shop"} ·{" "}
              <time dateTime={message.created_at}>{new Date(message.created_at).toLocaleString()}</time>
            </p>
            <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{message.content}</p>
            {message.attachments.length ? (
              <ul className="mt-2 flex flex-wrap gap-2" aria-label="Attached images">
                {message.attachments.map((image) => (
                  <li key={image.id}>
                    <a href={image.url} target="_blank" rel="noopener noreferrer">
                      {/* eslint-disable-next-line @next/next/no-img-element -- served by our /cdn route, any size */}
                      <img src={image.url} alt={image.filename} className="h-20 w-20 rounded border border-slate-200 object-cover" />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
