import type { ReactNode } from "react";

export interface StatusPageProps {
  /** The status code shown large ("404", "500"). */
  code: ReactNode;
  title: ReactNode;
  message: ReactNode;
  /** The way back (a "Return to Home" link styled as a button). */
  action: ReactNode;
  /** Optional extra help under the action (popular pages). */
  children?: ReactNode;
}

/** The body of the 404 page and the error page: a calm, centred card inside <main id="main">. */
export function StatusPage({ code, title, message, action, children }: StatusPageProps) {
  return (
    <main
      id="main"
      className="relative isolate flex flex-1 items-center overflow-hidden bg-linear-to-b from-sand-100 to-sand-50"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-1/2 -z-10 size-[44rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(233_204_214/0.7),transparent)]"
      />
      <div className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center sm:py-28">
        <p className="font-display text-8xl leading-none font-semibold tracking-tight text-brand-700 sm:text-[9rem]">
          {code}
        </p>
        <div aria-hidden="true" className="mt-6 h-1 w-16 rounded-full bg-accent-300" />
        <h1 className="mt-6 text-3xl sm:text-4xl">{title}</h1>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">{message}</p>
        <div className="mt-10">{action}</div>
        {children ? <div className="mt-12 w-full max-w-xl">{children}</div> : null}
      </div>
    </main>
  );
}
