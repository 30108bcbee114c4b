"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { EditorForm } from "@/components/editor-form";
import { TextareaField } from "@/components/textarea-field";
import { useFeedbackAction } from "@/lib/client/hooks/after-sale";
import { disputeFeedbackBody, replyFeedbackBody, type FeedbackView } from "@/lib/feedback/schemas";

/** The reply to a feedback (shown to the buyer on the order's page). */
export function ReplyFeedbackForm({ shopId, feedback, onDone }: { shopId: string; feedback: FeedbackView; onDone: () => void }) {
  const act = useFeedbackAction(shopId);
  const form = useForm({ resolver: zodResolver(replyFeedbackBody), defaultValues: { reply: feedback.reply ?? "" } });
  return (
    <EditorForm
      form={form}
      fields={["reply"] as const}
      save={async (input) => {
        await act.mutateAsync({ id: feedback.id, action: "reply", input });
        onDone();
      }}
      submitLabel="Send reply"
      focus="reply"
    >
      <TextareaField label="Reply" rows={4} error={form.formState.errors.reply?.message} {...form.register("reply")} />
    </EditorForm>
  );
}

/** Contest an unfair rating: it leaves the products' averages. */
export function DisputeFeedbackForm({ shopId, feedback, onDone }: { shopId: string; feedback: FeedbackView; onDone: () => void }) {
  const act = useFeedbackAction(shopId);
  const form = useForm({ resolver: zodResolver(disputeFeedbackBody), defaultValues: { reason: "" } });
  return (
    <EditorForm
      form={form}
      fields={["reason"] as const}
      save={async (input) => {
        await act.mutateAsync({ id: feedback.id, action: "dispute", input });
        onDone();
      }}
      submitLabel="Dispute"
      focus="reason"
    >
      <TextareaField
        label="Why the rating is unfair"
        rows={3}
        hint="A disputed feedback no longer counts in the products' average ratings."
        error={form.formState.errors.reason?.message}
        {...form.register("reason")}
      />
    </EditorForm>
  );
}
