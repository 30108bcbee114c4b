"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { EditorForm } from "@/components/editor-form";
import { Field } from "@/components/field";
import { StatusNotice } from "@/components/notice";
import { TextareaField } from "@/components/textarea-field";
import type { BuyerInvoiceView } from "@/lib/checkout/schemas";
import { useLeaveFeedback, useOpenTicket } from "@/lib/client/hooks/buyer";
import { leaveFeedbackBody, RATING_MAX } from "@/lib/feedback/schemas";
import { openBuyerTicketBody } from "@/lib/tickets/schemas";

const RATINGS = Array.from({ length: RATING_MAX }, (_, index) => RATING_MAX - index);
const stars = (rating: number) => `${"★".repeat(rating)}${"☆".repeat(RATING_MAX - rating)}`;
const CARD = "space-y-3 rounded-lg border border-slate-200 bg-white p-4";

function FeedbackForm({ uniqueId, closesAt }: { uniqueId: string; closesAt: string }) {
  const leave = useLeaveFeedback(uniqueId);
  const form = useForm({ resolver: zodResolver(leaveFeedbackBody), defaultValues: { rating: undefined, message: "" } });
  const { errors } = form.formState;
  return (
    <EditorForm
      form={form}
      fields={["rating", "message"] as const}
      save={async (input) => {
        await leave.mutateAsync(input);
      }}
      submitLabel="Send feedback"
    >
      <fieldset className="space-y-2" aria-describedby={errors.rating ? "rating-error" : undefined}>
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="flex flex-wrap gap-2">
          {RATINGS.map((rating) => (
            <label
              key={rating}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
            >
              <input type="radio" value={rating} {...form.register("rating")} />
              <span aria-hidden="true">{stars(rating)}</span>
              <span className="sr-only">
                {rating} {rating === 1 ? "star" : "stars"}
              </span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id="rating-error" className="text-sm text-red-700">
            {errors.rating.message}
          </p>
        ) : null}
      </fieldset>
      <TextareaField label="Your feedback" rows={3} error={errors.message?.message} {...form.register("message")} />
      <p className="text-xs text-slate-500">You can leave feedback until {new Date(closesAt).toLocaleDateString()}.</p>
    </EditorForm>
  );
}

/** The buyer's feedback on a completed order: the form while the shop's window is open, then what they left and the shop's reply. */
export function FeedbackSection({ invoice }: { invoice: BuyerInvoiceView }) {
  const { feedback } = invoice;
  if (!feedback && !invoice.feedback_closes_at) return null;
  return (
    <section aria-labelledby="feedback-heading" className={CARD}>
      <h2 id="feedback-heading" className="font-semibold">
        Feedback
      </h2>
      {feedback ? (
        <div className="space-y-2 text-sm">
          <p>
            <span aria-hidden="true">{stars(feedback.rating)}</span>
            <span className="sr-only">Your rating: {feedback.rating} of 5</span>
          </p>
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{feedback.message}</p>
          {feedback.reply ? (
            <p className="whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-2 [overflow-wrap:anywhere]">
              <span className="font-medium">The shop replied: </span>
              {feedback.reply}
            </p>
          ) : null}
          {feedback.coupon_code ? (
            <StatusNotice>
              Thank you! Your coupon for the next order: <strong data-testid="feedback-coupon">{feedback.coupon_code}</strong> (also sent by
              e-mail).
            </StatusNotice>
          ) : (
            <StatusNotice>Thank you for your feedback.</StatusNotice>
          )}
        </div>
      ) : (
        <FeedbackForm uniqueId={invoice.unique_id} closesAt={invoice.feedback_closes_at!} />
      )}
    </section>
  );
}

/** Help with the order: the tickets opened about it (each a link to its thread) and a form to open one. */
export function SupportSection({ invoice }: { invoice: BuyerInvoiceView }) {
  const router = useRouter();
  const open = useOpenTicket(invoice.unique_id);
  const form = useForm({ resolver: zodResolver(openBuyerTicketBody), defaultValues: { subject: "", message: "" } });
  const { errors } = form.formState;
  return (
    <section aria-labelledby="support-heading" className={CARD}>
      <h2 id="support-heading" className="font-semibold">
        Need help with this order?
      </h2>
      {invoice.tickets.length ? (
        <ul className="space-y-1 text-sm">
          {invoice.tickets.map((ticket) => (
            <li key={ticket.url}>
              <a href={ticket.url} className="text-blue-700 underline [overflow-wrap:anywhere]">
                {ticket.subject}
              </a>{" "}
              <span className="text-slate-500">({ticket.status})</span>
            </li>
          ))}
        </ul>
      ) : null}
      <EditorForm
        form={form}
        fields={["subject", "message"] as const}
        save={async (input) => {
          const thread = await open.mutateAsync(input);
          router.push(thread.url);
        }}
        submitLabel="Open a ticket"
      >
        <Field label="Subject" autoComplete="off" error={errors.subject?.message} {...form.register("subject")} />
        <TextareaField label="Message" rows={4} error={errors.message?.message} {...form.register("message")} />
      </EditorForm>
    </section>
  );
}
