import { useEffect, useRef, useSyncExternalStore } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { toPublicSiteConfig } from "~/config/public";
import { isTestModeSite } from "~/config/deployment.server";
import { getServerEnv } from "~/config/env.server";
import { getEffectiveSiteConfig } from "~/server/settings/effective-config.server";
import { getBlock } from "~/server/site-blocks/blocks.server";
import { useNonce } from "~/utils/nonce";
import { LazyAuthForm, loadAuthForm } from "~/components/lazy-auth-form";
import { SiteShell } from "~/components/site-shell";
import { StatusPage } from "~/components/status-page";
import { showToast } from "~/components/ui/toaster";
import { getSessionUser, sessionRefreshHeaders } from "~/server/auth/session.server";
import { logger } from "~/server/core/logger.server";
import { generateMissingAvatar } from "~/server/models/members.server";
import { createFlashToast, readToast } from "~/server/core/toast.server";
import type { FlashToast } from "~/utils/flash-toast";
import type { RootLoaderData, RootUser } from "~/utils/root-data";
import { useIslandsPage } from "~/utils/islands-page";
import { StaticToasts } from "~/components/static-toasts";
import stylesHref from "./app.css?url";
// NOTE: `?worker&url` makes Vite bundle the islands script on its own (everything it imports, in
// one file, no React) and give its fingerprinted URL; it runs as a plain module, not as a worker.
import islandsScriptUrl from "./islands/islands.ts?worker&url";

// NOTE: a stylesheet with a React `precedence` is written at the top of <head>, before the
// modulepreload hints of the page's scripts; a plain <link> came after them all and the browser
// (six connections on HTTP/1.1) fetched the CSS that blocks the first paint last.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref, precedence: "default" }];

export async function loader({ request }: Route.LoaderArgs) {
  const [sessionUser, flash] = await Promise.all([getSessionUser(request), readToast(request)]);
  const headers = new Headers(flash.headers);
  const toasts = flash.toast ? [flash.toast] : [];
  let user: RootUser | null = null;
  if (sessionUser) {
    const { hasProfile, settingsVersion: _settingsVersion, ...rest } = sessionUser;
    user = rest;
    // docs/product.md §7.9: a member whose profile has no picture gets an initials avatar, once. The
    // check is free (the session query reads avatar_url); the work happens only when it is missing.
    if (hasProfile && !user.avatarUrl && user.firstName) {
      try {
        const url = await generateMissingAvatar({ userId: user.id, firstName: user.firstName, lastName: user.lastName });
        if (url) {
          user.avatarUrl = url;
          toasts.push(
            createFlashToast({ title: "Profile picture generated", description: "We've created a profile picture for you", variant: "success" }),
          );
        }
      } catch (error) {
        logger.error("could not generate a profile picture", { error, userId: user.id });
      }
    }
    const refreshed = await sessionRefreshHeaders(request).catch((error: unknown) => {
      logger.warn("could not extend a session", { error });
      return null;
    });
    for (const cookie of refreshed?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  }
  const env = getServerEnv();
  const site = toPublicSiteConfig(await getEffectiveSiteConfig(), env.SITE_ORIGIN);
  if (isTestModeSite(env)) site.testMode = true;
  const announcement = await getBlock("announcement").catch((error: unknown) => {
    logger.error("could not read the announcement bar", { error });
    return null;
  });
  const result: RootLoaderData = { site, user, toasts, announcement: announcement?.enabled && announcement.text ? announcement : null };
  return data(result, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const islands = useIslandsPage();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a3b52" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {islands ? (
          // A page that does not hydrate (app/utils/islands-page.ts): one small script adds its behaviour.
          <script type="module" src={islandsScriptUrl} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/** Shows each flash toast once, however often the page re-renders. */
function useFlashToasts(toasts: FlashToast[]) {
  const shown = useRef(new Set<string>());
  useEffect(() => {
    for (const toast of toasts) {
      if (shown.current.has(toast.id)) continue;
      shown.current.add(toast.id);
      showToast({ title: toast.title, description: toast.description ?? undefined, variant: toast.variant, id: toast.id });
    }
  }, [toasts]);
}

const subscribeNever = () => () => {};

/** False while the server renders and the page hydrates; true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useFlashToasts(loaderData.toasts);
  const hydrated = useHydrated();
  const islands = useIslandsPage();
  return (
    <SiteShell
      site={loaderData.site}
      user={loaderData.user}
      announcement={loaderData.announcement}
      loginDialogContent={({ close }) => <LazyAuthForm onSuccess={close} />}
      preloadLoginDialogContent={loadAuthForm}
    >
      {islands ? (
        <StaticToasts toasts={loaderData.toasts} />
      ) : !hydrated && loaderData.toasts.length > 0 ? (
        // Until JavaScript runs (or if it never does) the toasts cannot pop up: the same words,
        // plainly, at the top of the page; they give way to the toasts once the page hydrates.
        <div role="status" className="container-page mt-4 flex flex-col gap-2">
          {loaderData.toasts.map((toast) => (
            <p key={toast.id} className="rounded-2xl border border-sand-300 bg-white p-4 text-base text-ink shadow-sm">
              <strong>{toast.title}</strong>
              {toast.description ? ` ${toast.description}` : null}
            </p>
          ))}
        </div>
      ) : null}
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<RootLoaderData>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // NOTE: no stack trace or internal message reaches the browser; the server logs the error.
  const title = status === 404 ? "Oops! Page not found" : "Something went wrong";
  const body =
    status === 404
      ? "The page you were looking for isn't here."
      : "Sorry, something went wrong on our side. Please try again in a moment.";
  const content = (
    <StatusPage
      code={status}
      title={title}
      message={body}
      action={
        <a className="btn btn-primary btn-lg" href="/">
          Return to Home
        </a>
      }
    />
  );
  return data ? (
    <SiteShell site={data.site} user={data.user}>
      {content}
    </SiteShell>
  ) : (
    content
  );
}
