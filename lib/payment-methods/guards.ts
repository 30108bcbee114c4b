import type { Permission } from "../members/permissions";
import { describeSensitiveSettings, sensitiveSettingsIn } from "../shops/settings";

/**
 * A payment-method body's gateway settings are guarded as PUT /settings
 * guards them: payout addresses are the owner's (`payouts:write`), and they
 * and the processor's credentials need a recent sign-in and are e-mailed to
 * the owner.
 */
export const methodSettingsGuards = {
  bodyPermission: (body: { settings?: Record<string, unknown> }): Permission | null =>
    body.settings?.bitcoin_address !== undefined || body.settings?.litecoin_address !== undefined ? "payouts:write" : null,
  reauth: (body: { settings?: Record<string, unknown> }) => sensitiveSettingsIn(body.settings ?? {}).length > 0,
  notify: ({ body }: { body: { settings?: Record<string, unknown> } }) => describeSensitiveSettings(body.settings ?? {}),
};
