import { ForgotPasswordForm } from "@/components/account/password-forms";
import { PortalCard } from "@/components/reseller/portal-card";

export default function ForgotResellerPasswordPage() {
  return (
    <PortalCard title="Forgot your password?" subtitle="We e-mail you a link to set a new one.">
      <ForgotPasswordForm portal />
    </PortalCard>
  );
}
