import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from "react";
import { cn } from "~/utils/cn";

// SPEC §9 "Timing": the home page's lead-capture form loads "after idle (timeout 2000 ms,
// otherwise 500 ms delay)" and the 28-day calendar form "when 10% visible within a 100 px margin,
// with a 100 ms delay". These helpers do that for any section, and server-render a placeholder of
// the same size so nothing shifts when the content arrives.
//
// Usage (the home page):
//
//   <LazySection when="idle" minHeight="34rem" aria-label="Free menopause strength guide">
//     <EmailListForm variant="lead_capture" onSuccess={() => setShowDownload(true)} />
//   </LazySection>
//
//   <LazySection when="visible" minHeight="36rem">
//     <EmailListForm variant="calendar" onSuccess={() => setShowCalendarButton(true)} />
//   </LazySection>
//
// Without JavaScript the content is server-rendered inside <noscript>, so the forms still work
// (they post as plain HTML forms). `useIdleReady` and `useNearViewport` are the bare hooks, for a
// section that wants to decide what to render itself.

export const IDLE_TIMEOUT_MS = 2000;
export const IDLE_FALLBACK_DELAY_MS = 500;
export const VISIBLE_THRESHOLD = 0.1;
export const VISIBLE_ROOT_MARGIN = "100px";
export const VISIBLE_DELAY_MS = 100;

export interface IdleOptions {
  /** requestIdleCallback's timeout: the latest moment the work starts anyway. */
  timeout?: number;
  /** The delay used where requestIdleCallback does not exist (Safari). */
  fallbackDelay?: number;
}

/** False on the server and at first render; true once the browser is idle (or the timeout passed). */
export function useIdleReady({ timeout = IDLE_TIMEOUT_MS, fallbackDelay = IDLE_FALLBACK_DELAY_MS }: IdleOptions = {}): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setReady(true), fallbackDelay);
    return () => window.clearTimeout(timer);
  }, [timeout, fallbackDelay]);
  return ready;
}

export interface NearViewportOptions {
  /** The share of the element that must be visible (0.1 = 10%). */
  threshold?: number;
  /** How far outside the viewport already counts ("100px"). */
  rootMargin?: string;
  /** Wait this long after it comes into view. */
  delay?: number;
}

/**
 * False until the element is `threshold` visible within `rootMargin` of the viewport, then true
 * `delay` ms later (and it stays true). Where IntersectionObserver is missing it is true at once.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  { threshold = VISIBLE_THRESHOLD, rootMargin = VISIBLE_ROOT_MARGIN, delay = VISIBLE_DELAY_MS }: NearViewportOptions = {},
): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (ready || !element) return;
    if (typeof IntersectionObserver !== "function") {
      setReady(true);
      return;
    }
    let timer: number | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        timer = window.setTimeout(() => setReady(true), delay);
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [ref, ready, threshold, rootMargin, delay]);
  return ready;
}

export interface LazySectionProps {
  /** "idle": after the browser is idle; "visible": when the section nears the viewport. */
  when: "idle" | "visible";
  children: ReactNode;
  /** The height the content will take, kept from the server render on, so nothing shifts. */
  minHeight?: CSSProperties["minHeight"];
  /** Shown until the content loads (a quiet skeleton by default). Hidden from screen readers. */
  placeholder?: ReactNode;
  /** Server-render the content in <noscript> for visitors without JavaScript (default true). */
  noscript?: boolean;
  /** Timing overrides (defaults are SPEC §9's). */
  idle?: IdleOptions;
  visible?: NearViewportOptions;
  className?: string;
  id?: string;
  /** Names the section for screen readers (it then has role="group"). */
  "aria-label"?: string;
}

function DefaultPlaceholder() {
  return (
    <div className="flex h-full min-h-[inherit] w-full animate-pulse flex-col gap-4 rounded-3xl bg-sand-100/70 p-6">
      <div className="h-6 w-2/3 rounded-full bg-sand-200" />
      <div className="h-12 w-full rounded-xl bg-sand-200" />
      <div className="h-12 w-full rounded-xl bg-sand-200" />
      <div className="h-12 w-1/2 rounded-full bg-sand-200" />
    </div>
  );
}

function IdleGate({ options, children }: { options?: IdleOptions; children: (ready: boolean) => ReactNode }) {
  return <>{children(useIdleReady(options))}</>;
}

function VisibleGate({
  target,
  options,
  children,
}: {
  target: RefObject<Element | null>;
  options?: NearViewportOptions;
  children: (ready: boolean) => ReactNode;
}) {
  return <>{children(useNearViewport(target, options))}</>;
}

/** A section whose content loads after idle or near the viewport (SPEC §9), without layout shift. */
export function LazySection({
  when,
  children,
  minHeight,
  placeholder,
  noscript = true,
  idle,
  visible,
  className,
  id,
  "aria-label": ariaLabel,
}: LazySectionProps) {
  const ref = useRef<HTMLDivElement>(null);
  const render = (ready: boolean) => (
    <div
      ref={ref}
      id={id}
      // NOTE: aria-label needs a role; "group" names the section without adding a landmark.
      role={ariaLabel ? "group" : undefined}
      aria-label={ariaLabel}
      aria-busy={ready ? undefined : true}
      data-lazy-state={ready ? "loaded" : "waiting"}
      className={cn("w-full", className)}
      style={minHeight !== undefined ? { minHeight } : undefined}
    >
      {ready ? (
        children
      ) : (
        <>
          {/* NOTE: noscript:hidden is @media (scripting: none): without JavaScript only the real content shows. */}
          <div aria-hidden="true" className="h-full min-h-[inherit] noscript:hidden">
            {placeholder ?? <DefaultPlaceholder />}
          </div>
          {noscript ? <noscript>{children}</noscript> : null}
        </>
      )}
    </div>
  );
  return when === "idle" ? (
    <IdleGate options={idle}>{render}</IdleGate>
  ) : (
    <VisibleGate target={ref} options={visible}>
      {render}
    </VisibleGate>
  );
}
