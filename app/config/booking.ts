import type { PublicSiteConfig } from "~/config/public";

// The booking embed's constants (docs/product.md §4.8), without React: for the component
// (components/booking-embed.tsx), the islands script that loads Cal's embed (app/islands/booking.ts) and the security headers.

/** Cal.com's embed loader, from its official origin. */
export const CAL_EMBED_SCRIPT = "https://app.cal.com/embed/embed.js";
export const CAL_ORIGIN = "https://cal.com";
export const BOOKING_EMBED_HEIGHT = 600;
/** How far ahead of the viewport the embed starts loading. */
export const BOOKING_EMBED_ROOT_MARGIN = "400px 0px";

export type BookingNamespace = PublicSiteConfig["booking"]["namespace"];

/** The public booking page for a Cal.com link: the fallback when the embed is not loaded. */
export function bookingPageUrl(calLink: string): string {
  return `${CAL_ORIGIN}/${calLink.replace(/^\/+/, "")}`;
}
