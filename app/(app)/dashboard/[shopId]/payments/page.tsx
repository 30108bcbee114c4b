"use client";
import { useParams } from "next/navigation";
import { ErrorNotice, Skeleton } from "@/components/notice";
import { GatewaySettingsForm } from "@/components/payments/gateway-settings-form";
import { PaymentMethodsList } from "@/components/payments/payment-methods-list";
import { useShopSettings } from "@/lib/client/hooks/payments";

export default function PaymentsPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const settings = useShopSettings(shopId);
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Payments</h1>
        <p className="mt-1 text-sm text-slate-500">The gateways a checkout may use, and where each pays into.</p>
      </div>
      <PaymentMethodsList shopId={shopId} />
      {settings.error ? <ErrorNotice>{settings.error.message}</ErrorNotice> : null}
      {settings.data ? (
        <GatewaySettingsForm shopId={shopId} settings={settings.data} />
      ) : (
        <Skeleton label="Loading the settings" className="h-64" />
      )}
    </section>
  );
}
