import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from "react";

// NOTE: sonner (about 10 KB of JavaScript) loads with the first toast, not with the page: most
// visits show none. `showToast` queues what is asked before it has arrived; the <Toaster> region
// mounts sonner's and hands the queue over once it has (flash toasts after a redirect arrive this
// way, a moment after the page hydrates).

const loadSonner = () => import("sonner");
const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

type Sonner = Awaited<ReturnType<typeof loadSonner>>;
type QueuedToast = (sonner: Sonner) => void;

let sonner: Sonner | null = null;
let queue: QueuedToast[] = [];
let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `work` with sonner now if it is here (and the region is up), otherwise once it is. */
function withSonner(work: QueuedToast) {
  if (sonner) {
    work(sonner);
    return;
  }
  queue.push(work);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/** Called by the region once sonner's <Toaster> has mounted and listens. */
function flush(module: Sonner) {
  sonner = module;
  const pending = queue;
  queue = [];
  for (const work of pending) work(module);
}

const isRequested = () => requested;
const notRequested = () => false;

/** Mounted once sonner's region has subscribed (its effects run before its parent's). */
function Flush() {
  useEffect(() => {
    void loadSonner().then(flush);
  }, []);
  return null;
}

/** The one toast region, placed once in the site shell. Colours come from app.css. */
export function Toaster() {
  const wanted = useSyncExternalStore(subscribe, isRequested, notRequested);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-center"
        theme="light"
        richColors
        closeButton
        duration={6000}
        visibleToasts={4}
        offset="5.5rem"
        mobileOffset={{ top: "5rem", left: "1rem", right: "1rem" }}
        containerAriaLabel="Notifications"
        // NOTE: an open Radix dialog sets pointer-events: none on <body>; toasts shown above it
        // must still be dismissable.
        style={{ pointerEvents: "auto" }}
        toastOptions={{ closeButtonAriaLabel: "Dismiss notification" }}
      />
      <Flush />
    </Suspense>
  );
}

export type ToastVariant = "default" | "success" | "info" | "warning" | "destructive";

export interface ShowToastOptions {
  /** The toast's heading, e.g. 'Error', 'Validation Error', 'Success'. */
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds on screen (6 s by default; destructive toasts stay 8 s). */
  duration?: number;
  id?: string | number;
}

let nextId = 0;

/**
 * One call for every toast docs/product.md names, e.g.
 * `showToast({ title: "Validation Error", description: message, variant: "destructive" })`.
 * Returns the toast id (pass it to `toast.dismiss`).
 */
export function showToast({ title, description, variant = "default", duration, id }: ShowToastOptions): string | number {
  const toastId = id ?? `toast-${++nextId}`;
  const options = { description, duration, id: toastId };
  withSonner(({ toast }) => {
    switch (variant) {
      case "destructive":
        toast.error(title, { ...options, duration: duration ?? 8000 });
        break;
      case "success":
        toast.success(title, options);
        break;
      case "info":
        toast.info(title, options);
        break;
      case "warning":
        toast.warning(title, options);
        break;
      default:
        toast(title, options);
    }
  });
  return toastId;
}

/** Dismisses one toast by id, or all of them. */
function dismiss(id?: string | number) {
  // Nothing was ever shown: nothing to dismiss, and no reason to load sonner.
  if (!sonner && !requested) return;
  withSonner(({ toast }) => {
    toast.dismiss(id);
  });
}

export const toast = { dismiss };

