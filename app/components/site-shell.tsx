import type { ReactNode } from "react";
import type { PublicSiteConfig } from "~/config/public";
import type { RootUser } from "~/utils/root-data";
import { useLocation } from "react-router";
import { useIslandsPage } from "~/utils/islands-page";
import { useSmoothAnchorScroll } from "~/utils/smooth-scroll";
import type { Announcement } from "~/validation/content";
import { AnnouncementBar } from "./announcement-bar";
import { ExitPopupDialog } from "./exit-popup-dialog";
import { isExitPopupPage } from "./exit-popup-rules";
import { LoginDialogShell } from "./login-dialog-shell";
import { SiteFooter } from "./site-footer";
import { SiteNav, type LoginDialogContent } from "./site-nav";
import { Toaster } from "./ui/toaster";

export interface SiteShellProps {
  site: PublicSiteConfig;
  user: RootUser | null;
  /** The page: each route renders its own <main id="main">. */
  children: ReactNode;
  /** The auth form for the login dialog (a node, or a function given `close`). */
  loginDialogContent?: LoginDialogContent;
  /** Starts loading what loginDialogContent needs (the login dialog opens once it has arrived). */
  preloadLoginDialogContent?: () => Promise<unknown>;
  loginDialogTitle?: ReactNode;
  loginDialogDescription?: ReactNode;
  /** The coach's announcement bar, shown on every public page (not in the account and admin pages). */
  announcement?: Announcement | null;
}

/** The chrome around every page (docs/product.md §3): skip link, navigation, footer, toasts. */
export function SiteShell({
  site,
  user,
  children,
  loginDialogContent,
  preloadLoginDialogContent,
  loginDialogTitle,
  loginDialogDescription,
  announcement,
}: SiteShellProps) {
  useSmoothAnchorScroll();
  const islands = useIslandsPage();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      {/* The #top anchor of every page (docs/product.md §2.3). */}
      <div id="top" />
      <a
        href="#main"
        className="btn btn-primary sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
      >
        Skip to main content
      </a>
      {site.testMode ? (
        // PAYMENTS=test (docs/product.md §17.1): nobody is charged, and every page says so.
        <p role="note" className="bg-ink px-4 py-2 text-center text-sm font-semibold text-white">
          Test mode: this is a test site. No payment is taken and no card is charged.
        </p>
      ) : null}
      {announcement && !pathname.startsWith("/settings") ? <AnnouncementBar announcement={announcement} /> : null}
      <SiteNav
        site={site}
        user={user}
        loginDialogContent={loginDialogContent}
        preloadLoginDialogContent={preloadLoginDialogContent}
        loginDialogTitle={loginDialogTitle}
        loginDialogDescription={loginDialogDescription}
      />
      <div className="flex flex-1 flex-col">{children}</div>
      <SiteFooter site={site} />
      {islands ? (
        // The pages that do not hydrate: native dialogs, opened by the islands script.
        <>
          {user ? null : <LoginDialogShell title={loginDialogTitle} description={loginDialogDescription} />}
          {isExitPopupPage(pathname) ? <ExitPopupDialog /> : null}
        </>
      ) : (
        <Toaster />
      )}
    </div>
  );
}
