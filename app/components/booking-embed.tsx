import { BOOKING_EMBED_HEIGHT, bookingPageUrl, type BookingNamespace } from "~/config/booking";
import { cn } from "~/utils/cn";
import { CalendarIcon } from "./icons";
import { Spinner } from "./ui/spinner";

// docs/product.md §4.8: the scheduling service's (Cal.com) official inline
// embed, month view, 600 px high. Cal's script is fetched from its own origin only when the section
// comes near the viewport or the visitor asks for it (app/islands/booking.ts); until then (and if
// it never loads) a same-size placeholder offers a plain link to the booking page, which works
// without JavaScript.

export interface BookingEmbedProps {
  /** The Cal.com link, such as "strongwithjo/20min" (site.booking.calLink). Required. */
  calLink: string;
  /** The embed namespace (site.booking.namespace): "20min" or "free-consultation". */
  namespace: BookingNamespace;
  /** Height in px of the embed and its placeholder (600 by default). */
  height?: number;
  className?: string;
}

/**
 * The free-consultation booking calendar. Throws `Error("calLink is required")` without a link
 * (docs/product.md §4.8). Renders a fixed-height box, so loading the embed moves nothing on the page. The
 * islands script (app/islands/booking.ts) loads Cal's embed into it and sets data-state (idle,
 * loading, ready, failed); the texts and the button's words for each state follow it in CSS.
 */
export function BookingEmbed({ calLink, namespace, height = BOOKING_EMBED_HEIGHT, className }: BookingEmbedProps) {
  if (!calLink || !calLink.trim()) throw new Error("calLink is required");
  const href = bookingPageUrl(calLink);

  return (
    <div
      data-booking-embed=""
      data-state="idle"
      data-cal-link={calLink}
      data-cal-namespace={namespace}
      className={cn(
        "group/booking relative w-full overflow-hidden rounded-3xl border border-sand-200 bg-white shadow-md",
        className,
      )}
      style={{ height }}
    >
      {/* Cal's iframe goes here; it scrolls inside the fixed-height box. */}
      <div
        data-booking-target=""
        role="region"
        aria-label="Booking calendar"
        className="absolute inset-0 overflow-auto group-data-[state=idle]/booking:hidden"
      />

      {/* NOTE: laid out from the top with reserved room for the texts and both buttons, so the
          switch between idle, loading and failed moves nothing. */}
      <div
        data-booking-placeholder=""
        className="absolute inset-0 flex flex-col items-center gap-6 bg-linear-to-b from-brand-50 to-white px-6 pt-14 text-center group-data-[state=ready]/booking:hidden sm:pt-20"
      >
        <CalendarArt />
        <div className="min-h-[9.5rem] max-w-md sm:min-h-[7.5rem]">
          <p className="font-display text-2xl font-semibold text-ink group-data-[state=failed]/booking:hidden">
            Pick a time that suits you
          </p>
          <p className="hidden font-display text-2xl font-semibold text-ink group-data-[state=failed]/booking:block">
            The calendar couldn't load here
          </p>
          <p className="mt-2 text-base text-ink-muted group-data-[state=failed]/booking:hidden">
            Choose a day and time in the calendar, or open the booking page in a new tab.
          </p>
          <p className="mt-2 hidden text-base text-ink-muted group-data-[state=failed]/booking:block">
            You can still choose a time on the booking page, or try again.
          </p>
        </div>
        <div className="flex w-full max-w-xs flex-col items-stretch gap-3">
          <button
            type="button"
            data-booking-load=""
            // NOTE: without JavaScript the button cannot work; the link below still does.
            className="btn btn-primary noscript:invisible"
          >
            <span className="contents group-data-[state=loading]/booking:hidden">
              <CalendarIcon className="size-5" />
              <span className="group-data-[state=failed]/booking:hidden">Load the booking calendar</span>
              <span className="hidden group-data-[state=failed]/booking:inline">Try again</span>
            </span>
            <span className="hidden group-data-[state=loading]/booking:contents">
              <Spinner size="sm" label={null} />
              Loading the booking calendar…
            </span>
          </button>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            data-booking-fallback=""
            className="btn btn-outline"
          >
            Open the booking page
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>
    </div>
  );
}

/** A calm month grid, drawn in SVG, for the placeholder. */
function CalendarArt() {
  const cells = Array.from({ length: 21 }, (_, i) => i);
  return (
    <svg viewBox="0 0 168 120" aria-hidden="true" focusable="false" className="h-24 w-auto sm:h-28">
      <rect x="4" y="8" width="160" height="108" rx="16" className="fill-white stroke-brand-200" strokeWidth="2" />
      <path d="M4 24a16 16 0 0 1 16-16h128a16 16 0 0 1 16 16v10H4z" className="fill-brand-700" />
      <circle cx="40" cy="8" r="5" className="fill-accent-300" />
      <circle cx="128" cy="8" r="5" className="fill-accent-300" />
      {cells.map((i) => {
        const col = i % 7;
        const row = Math.floor(i / 7);
        const highlighted = i === 10;
        return (
          <rect
            key={i}
            x={16 + col * 20.5}
            y={46 + row * 22}
            width="14"
            height="14"
            rx="4"
            className={highlighted ? "fill-accent-400" : "fill-brand-100"}
          />
        );
      })}
    </svg>
  );
}
