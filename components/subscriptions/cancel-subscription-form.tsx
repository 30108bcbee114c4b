"use client";
import { oneOf } from "@/lib/client/one-of";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/button";
import { showApiErrors } from "@/lib/client/form-errors";
import { useCancelSubscription, type Subscription } from "@/lib/client/hooks/subscriptions";
import { SUBSCRIPTION_STATUSES, cancelRefusal } from "@/lib/subscriptions/lifecycle";
import { cancelSubscriptionSchema } from "@/lib/subscriptions/schemas";
import { day } from "./subscription-table";

/**
 * The confirmation step of a cancel: at the end of the running period (when
 * there is one, by the same rule the API applies) or at once.
 */
export function CancelSubscriptionForm({
  shopId,
  subscription,
  onDone,
}: {
  shopId: string;
  subscription: Subscription;
  onDone: (message: string) => void;
}) {
  const cancel = useCancelSubscription(shopId, String(subscription.id));
  const periodEndRefusal = cancelRefusal(
    {
      status: oneOf(SUBSCRIPTION_STATUSES, subscription.status, "expired"),
      current_period_end: subscription.current_period_end ? new Date(subscription.current_period_end) : null,
    },
    true,
    new Date(),
  );
  const form = useForm({
    resolver: zodResolver(cancelSubscriptionSchema),
    defaultValues: { at_period_end: periodEndRefusal ? "false" : "true" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      const updated = await cancel.mutateAsync(input);
      onDone(
        updated.status === "cancelled"
          ? "Subscription cancelled."
          : `Subscription will be cancelled on ${day(updated.current_period_end)}.`,
      );
    } catch (error) {
      showApiErrors(error, form.setError, ["at_period_end"]);
    }
  });

  const radio = "size-4 accent-blue-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500";
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        {subscription.product.name} for {subscription.customer.email}. A cancelled subscription cannot be resumed.
      </p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">When</legend>
        <label className={`flex items-start gap-2 text-sm ${periodEndRefusal ? "text-slate-400" : ""}`}>
          <input
            type="radio"
            value="true"
            className={`${radio} mt-0.5`}
            disabled={periodEndRefusal !== null}
            {...form.register("at_period_end")}
          />
          <span>
            At the end of the current period ({day(subscription.current_period_end)})
            {periodEndRefusal ? <span className="block text-xs">{periodEndRefusal}</span> : null}
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" value="false" className={`${radio} mt-0.5`} {...form.register("at_period_end")} />
          <span>Immediately</span>
        </label>
        {errors.at_period_end ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.at_period_end.message}
          </p>
        ) : null}
      </fieldset>
      {errors.root ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" variant="danger" disabled={isSubmitting}>
        {isSubmitting ? "Cancelling…" : "Confirm cancellation"}
      </Button>
    </form>
  );
}
