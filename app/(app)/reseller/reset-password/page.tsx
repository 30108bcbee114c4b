import { ResetPasswordForm } from "@/components/account/password-forms";
import { PortalCard } from "@/components/reseller/portal-card";

export default function ResetResellerPasswordPage() {
  return (
    <PortalCard title="Choose your password" subtitle="For signing in to the reseller portal (and the dashboard, with the same address).">
      <ResetPasswordForm portal />
    </PortalCard>
  );
}
