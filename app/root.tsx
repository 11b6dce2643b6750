import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { toPublicSiteConfig, type PublicSiteConfig } from "~/config/public";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { SiteShell } from "~/components/site-shell";
import { StatusPage } from "~/components/status-page";
import "./app.css";

export interface RootUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
}

export interface RootLoaderData {
  site: PublicSiteConfig;
  user: RootUser | null;
}

export async function loader(_args: Route.LoaderArgs): Promise<RootLoaderData> {
  return { site: toPublicSiteConfig(getSiteConfig(), getServerEnv().SITE_ORIGIN), user: null };
}

export function Layout({ children }: { children: React.ReactNode }) {
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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <SiteShell site={loaderData.site} user={loaderData.user}>
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
