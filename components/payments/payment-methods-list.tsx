"use client";
import { Button } from "@/components/button";
import { EmptyNotice, ErrorNotice, Skeleton } from "@/components/notice";
import { ToggleSwitch } from "@/components/toggle-switch";
import { useOrderPaymentMethods, usePaymentMethods, useTogglePaymentMethod } from "@/lib/client/hooks/payments";

/** The shop's payment methods in the order a checkout offers them: each enabled or not, moved up or down one place. */
export function PaymentMethodsList({ shopId }: { shopId: string }) {
  const methods = usePaymentMethods(shopId);
  const toggle = useTogglePaymentMethod(shopId);
  const order = useOrderPaymentMethods(shopId);
  const busy = toggle.isPending || order.isPending;
  const error = methods.error ?? toggle.error ?? order.error;

  if (!methods.data)
    return error ? <ErrorNotice>{error.message}</ErrorNotice> : <Skeleton label="Loading the payment methods" className="h-32" />;
  const list = methods.data.data;
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((method) => method.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    order.mutate(ids);
  };

  return (
    <section className="space-y-2" aria-labelledby="payment-methods-heading">
      <h2 id="payment-methods-heading" className="text-lg font-semibold">
        Payment methods
      </h2>
      <p className="text-sm text-slate-500">
        Offered to buyers in this order; a gateway needs its settings below before it can be enabled.
      </p>
      {error ? <ErrorNotice>{error.message}</ErrorNotice> : null}
      {list.length === 0 ? <EmptyNotice>No payment methods yet: choose the gateways below.</EmptyNotice> : null}
      <ol className="divide-y divide-slate-200 rounded border border-slate-200 bg-white" data-testid="payment-methods">
        {list.map((method, index) => {
          const name = method.display_name ?? method.gateway;
          return (
            <li key={method.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <ToggleSwitch checked={method.enabled} label={`${name} enabled`} disabled={busy} onChange={() => toggle.mutate(method.id)} />
              <span className="flex-1 font-medium">{name}</span>
              {method.min_amount || method.max_amount ? (
                <span className="text-slate-500">
                  {method.min_amount ?? "0.00"} to {method.max_amount ?? "any"}
                </span>
              ) : null}
              <Button variant="secondary" aria-label={`Move ${name} up`} disabled={busy || index === 0} onClick={() => move(index, -1)}>
                ↑
              </Button>
              <Button
                variant="secondary"
                aria-label={`Move ${name} down`}
                disabled={busy || index === list.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </Button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
