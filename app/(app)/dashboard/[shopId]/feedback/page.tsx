"use client";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { DisputeFeedbackForm, ReplyFeedbackForm } from "@/components/feedback/feedback-action-form";
import { OutcomeNotice, QueryView, type Outcome } from "@/components/query-view";
import { SelectField } from "@/components/select-field";
import { useFeedbacks } from "@/lib/client/hooks/after-sale";
import { useUrlState } from "@/lib/client/use-url-state";
import { listFeedbacksQuery, RATING_MAX, type FeedbackView } from "@/lib/feedback/schemas";

const stars = (rating: number) => `${"★".repeat(rating)}${"☆".repeat(RATING_MAX - rating)}`;

/** Buyers' feedback, newest first: reply, or dispute an unfair rating; filters in the URL. */
export default function FeedbackPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const { filters, values, setFilters } = useUrlState(listFeedbacksQuery.in);
  const feedbacks = useFeedbacks(shopId, filters);
  const [acting, setActing] = useState<{ feedback: FeedbackView; action: "reply" | "dispute" } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const done = (text: string) => () => {
    setActing(null);
    setOutcome({ ok: true, text });
  };
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Feedback</h1>
      <OutcomeNotice outcome={outcome} />
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <SelectField label="Rating" value={values.rating ?? ""} onChange={(event) => setFilters({ rating: event.target.value })}>
          <option value="">Any</option>
          {[5, 4, 3, 2, 1].map((rating) => (
            <option key={rating} value={rating}>
              {rating} {rating === 1 ? "star" : "stars"}
            </option>
          ))}
        </SelectField>
        <SelectField label="Replied" value={filters.replied ?? ""} onChange={(event) => setFilters({ replied: event.target.value })}>
          <option value="">Any</option>
          <option value="false">Not replied</option>
          <option value="true">Replied</option>
        </SelectField>
        <SelectField label="Disputed" value={filters.disputed ?? ""} onChange={(event) => setFilters({ disputed: event.target.value })}>
          <option value="">Any</option>
          <option value="false">Not disputed</option>
          <option value="true">Disputed</option>
        </SelectField>
      </div>
      <QueryView query={feedbacks} loading="Loading feedback" empty="No feedback matches these filters." list={{ setFilters }}>
        {(rows) => (
          <ul className="space-y-3">
            {rows.map((feedback) => (
              <li key={feedback.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p>
                    <span aria-hidden="true" className="text-amber-600">
                      {stars(feedback.rating)}
                    </span>
                    <span className="sr-only">{feedback.rating} of 5</span>{" "}
                    <span className="break-all text-slate-600">{feedback.email}</span>
                    {feedback.disputed ? <span className="ml-2 text-xs font-medium text-red-700">disputed</span> : null}
                  </p>
                  <Link href={`/dashboard/${shopId}/invoices/${feedback.invoice_id}`} className="text-blue-700 hover:underline">
                    Order {feedback.invoice_unique_id}
                  </Link>
                </div>
                <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{feedback.message}</p>
                {feedback.reply ? (
                  <p className="whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-2 [overflow-wrap:anywhere]">
                    <span className="font-medium">Your reply: </span>
                    {feedback.reply}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setActing({ feedback, action: "reply" })}>
                    {feedback.reply ? "Edit reply" : "Reply"}
                  </Button>
                  {feedback.disputed ? null : (
                    <Button variant="danger" onClick={() => setActing({ feedback, action: "dispute" })}>
                      Dispute
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <Dialog
        open={acting !== null}
        onClose={() => setActing(null)}
        title={acting?.action === "dispute" ? "Dispute feedback" : "Reply to feedback"}
      >
        {acting?.action === "reply" ? (
          <ReplyFeedbackForm shopId={shopId} feedback={acting.feedback} onDone={done("Reply saved.")} />
        ) : acting ? (
          <DisputeFeedbackForm shopId={shopId} feedback={acting.feedback} onDone={done("Feedback disputed.")} />
        ) : null}
      </Dialog>
    </section>
  );
}
