import { keyedHash } from "../crypto/keyed-hash";
import { safeEqual } from "../crypto/tokens";
import { appUrl } from "../env";

/**
 * The buyer's link to a ticket's thread: the ticket's id and an HMAC of it
 * under a key derived for this purpose from APP_ENCRYPTION_KEY, so nothing
 * is stored and nobody can make one for another ticket. It does not lapse:
 * the e-mails of a conversation keep working as the invoice's page does.
 */
const PURPOSE = "ticket-link";
/** 128 bits of the HMAC: unguessable, and short enough for a URL. */
const SIGNATURE_HEX = 32;

export function ticketToken(ticketId: number): string {
  return `${ticketId}-${keyedHash(PURPOSE, String(ticketId)).slice(0, SIGNATURE_HEX)}`;
}

/** The ticket a token names, or null when it is not a token this app signed. */
export function ticketIdOf(token: string): number | null {
  const match = /^([1-9][0-9]{0,9})-([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 && safeEqual(ticketToken(id), token) ? id : null;
}

/** The thread's page, relative to this app (the buyer's page links it). */
export const ticketPath = (ticketId: number) => `/ticket/${ticketToken(ticketId)}`;

/** The thread's page in full, for e-mails. */
export const ticketUrl = (ticketId: number) => `${appUrl()}${ticketPath(ticketId)}`;

/** The ticket's page in the dashboard, for the shop's e-mails. */
export const dashboardTicketUrl = (shopId: number, ticketId: number) => `${appUrl()}/dashboard/${shopId}/tickets/${ticketId}`;
