import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { PublicSiteConfig } from "~/config/public";
import type { RootUser } from "~/utils/root-data";
import { cn } from "~/utils/cn";
import { BrandMark } from "./brand-mark";
import { DumbbellIcon } from "./feature-icons";
import { CloseIcon, MenuIcon, ShieldIcon, UserIcon } from "./icons";
import { mainNavItems } from "./nav-links";
import { Avatar } from "./ui/avatar";
import { Badge } from "./ui/badge";
import type * as LoginDialogModuleExports from "./login-dialog";
import { fullName } from "~/utils/names";

// NOTE: the login dialog (Radix's dialog, and the auth form it holds) loads on the first click on
// 'Login', not with the page. Hovering or focusing the button starts the download early.
type LoginDialogModule = typeof LoginDialogModuleExports;
let loginDialogModule: LoginDialogModule | null = null;
let loginDialogLoading: Promise<LoginDialogModule> | null = null;
function loadLoginDialog(): Promise<LoginDialogModule> {
  loginDialogLoading ??= import("./login-dialog").then(
    (module) => (loginDialogModule = module),
    (error: unknown) => {
      loginDialogLoading = null;
      throw error;
    },
  );
  return loginDialogLoading;
}

/** What the login dialog holds: the auth form, given a way to close the dialog (after sign-in). */
export type LoginDialogContent = ReactNode | ((dialog: { close: () => void }) => ReactNode);

export interface SiteNavProps {
  site: PublicSiteConfig;
  user: RootUser | null;
  /** The auth form shown in the login dialog. Without it the dialog shows a short note. */
  loginDialogContent?: LoginDialogContent;
  /** Starts loading what loginDialogContent needs; the dialog opens once it has arrived. */
  preloadLoginDialogContent?: () => Promise<unknown>;
  loginDialogTitle?: ReactNode;
  loginDialogDescription?: ReactNode;
}

const MENU_ID = "site-menu";

/** docs/product.md §3: the sticky navigation bar with its mobile menu and login dialog. */
export function SiteNav({
  site,
  user,
  loginDialogContent,
  preloadLoginDialogContent,
  loginDialogTitle = "Welcome",
  loginDialogDescription = "Log in to your account, or create one to get started.",
}: SiteNavProps) {
  const items = mainNavItems(site);
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginLoading, setLoginLoading] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const loginButtonRef = useRef<HTMLButtonElement>(null);

  // The menu closes on every navigation (including a click on the page already shown), and
  // signing in or out closes the login dialog. Adjusted while rendering, so the new page never
  // shows for a frame under an open menu.
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (seenLocationKey !== location.key) {
    setSeenLocationKey(location.key);
    setMenuOpen(false);
  }
  const [seenUserId, setSeenUserId] = useState(user?.id);
  if (seenUserId !== user?.id) {
    setSeenUserId(user?.id);
    setLoginOpen(false);
  }

  // Escape closes the menu and returns focus to its button; so does a click outside the bar.
  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (headerRef.current && !headerRef.current.contains(event.target as Node)) setMenuOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menuOpen]);

  const close = () => setLoginOpen(false);

  function preloadLogin() {
    void loadLoginDialog().catch(() => {});
    void preloadLoginDialogContent?.().catch(() => {});
  }

  /** Opens the login dialog once its code has arrived; if it cannot load, the /auth page instead. */
  function openLogin() {
    setLoginLoading(true);
    Promise.all([loadLoginDialog(), preloadLoginDialogContent?.()])
      .then(() => setLoginOpen(true))
      .catch(() => window.location.assign("/auth"))
      .finally(() => setLoginLoading(false));
  }
  const dialogBody =
    typeof loginDialogContent === "function" ? loginDialogContent({ close }) : loginDialogContent;

  const LoginDialog = loginDialogModule?.LoginDialog;

  return (
    <>
      <header
        ref={headerRef}
        className="sticky top-0 z-40 border-b border-sand-200 bg-sand-50/95 backdrop-blur-md supports-[backdrop-filter]:bg-sand-50/85"
      >
        {/* NOTE: one row of brand, links and actions from 1024 px; on tablets (768–1023 px) the links
            wrap to a second row under the brand, so they stay visible; below 768 px they fold into
            the menu. The scroll padding of anchors follows these heights (app.css). */}
        <div className="container-page flex flex-wrap items-center gap-x-3 lg:flex-nowrap">
          <div className="flex h-18 min-w-0 flex-1 items-center lg:flex-initial">
            <Link
              to="/"
              className="-ml-1 flex min-w-0 items-center gap-3 rounded-xl p-1 text-ink transition-colors hover:text-brand-700"
            >
              <BrandMark />
              <span className="truncate font-display text-xl font-semibold tracking-tight sm:text-2xl lg:text-xl xl:text-2xl">
                {site.businessName}
              </span>
            </Link>
          </div>

          <nav
            aria-label="Main"
            className="order-last hidden w-full border-t border-sand-200 md:block lg:order-none lg:ml-auto lg:w-auto lg:border-0"
          >
            <ul className="flex items-center justify-center gap-2 py-1.5 lg:gap-0 lg:py-0 xl:gap-0.5 2xl:gap-2">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      cn(
                        "relative inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap transition-colors lg:px-2.5 xl:px-3 2xl:px-4 2xl:text-base",
                        "after:absolute after:inset-x-3 after:bottom-1 after:h-0.5 after:rounded-full after:transition-colors lg:after:inset-x-2.5 xl:after:inset-x-3 2xl:after:inset-x-4",
                        isActive
                          ? "text-brand-700 after:bg-accent-400"
                          : "text-ink hover:bg-brand-50 hover:text-brand-700 after:bg-transparent",
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="flex shrink-0 items-center gap-2 sm:gap-3 lg:ml-3 xl:ml-4">
            <NavLink to="/contact" className="btn btn-primary btn-sm hidden sm:inline-flex">
              Contact
            </NavLink>

            {user ? (
              <>
                {user.isAdmin ? (
                  <Badge
                    asChild
                    variant="solid"
                    className="hidden min-h-9 px-3.5 hover:bg-brand-800 sm:inline-flex lg:max-xl:min-w-9 lg:max-xl:justify-center lg:max-xl:px-0"
                  >
                    {/* Beside the links on a laptop (1024–1279 px) the badge is its shield alone. */}
                    <Link to="/settings/admin" title="Admin Dashboard">
                      <ShieldIcon className="size-4" />
                      <span className="lg:max-xl:sr-only">Admin</span>
                    </Link>
                  </Badge>
                ) : null}
                {/* The members' area (docs/product.md §19): for a member its icon from 1024 px (where
                    an administrator's bar has her Admin badge instead), with its words from 1536 px
                    for everyone; in the menu below 1024 px, and on the settings page. */}
                <Link
                  to="/learn"
                  title="My courses"
                  className={cn(
                    "btn btn-outline btn-sm hidden min-h-9 2xl:inline-flex",
                    !user.isAdmin && "lg:inline-flex lg:max-2xl:min-w-9 lg:max-2xl:justify-center lg:max-2xl:px-0",
                  )}
                >
                  <DumbbellIcon className="size-5" />
                  <span className="max-2xl:sr-only">My courses</span>
                </Link>
                <Link
                  to="/settings"
                  aria-label="Profile Settings"
                  className="rounded-full ring-2 ring-brand-200 ring-offset-2 ring-offset-sand-50 transition hover:ring-brand-400"
                >
                  <Avatar
                    src={user.avatarUrl}
                    name={fullName(user) || user.email}
                    size="md"
                    decorative
                  />
                </Link>
              </>
            ) : (
              <>
                <button
                  ref={loginButtonRef}
                  type="button"
                  aria-label="Login"
                  aria-haspopup="dialog"
                  aria-expanded={loginOpen}
                  aria-busy={loginLoading || undefined}
                  data-login-open=""
                  className="inline-flex size-11 items-center justify-center rounded-full border border-brand-200 bg-white text-brand-700 shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50"
                  onPointerEnter={preloadLogin}
                  onFocus={preloadLogin}
                  onClick={openLogin}
                >
                  <UserIcon className="size-5.5" />
                </button>
                {/* Without JavaScript the dialog cannot open: the form has a page of its own. */}
                <noscript>
                  <a href="/auth" className="link text-base">
                    Log in
                  </a>
                </noscript>
              </>
            )}

            <button
              ref={menuButtonRef}
              type="button"
              data-menu-toggle=""
              className="group inline-flex size-11 items-center justify-center rounded-full text-ink transition-colors hover:bg-sand-200 md:hidden"
              aria-expanded={menuOpen}
              aria-controls={MENU_ID}
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {/* Both icons, shown by aria-expanded: the islands script only flips the attribute. */}
              <MenuIcon className="size-6 group-aria-expanded:hidden" />
              <CloseIcon className="hidden size-6 group-aria-expanded:block" />
            </button>
          </div>
        </div>

        {/* Mobile menu: overlays the page below the bar, so opening it moves nothing. */}
        <nav
          id={MENU_ID}
          aria-label="Main menu"
          hidden={!menuOpen}
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-b border-sand-200 bg-sand-50 shadow-lg animate-menu-in md:hidden"
        >
          <div className="container-page py-4">
            <ul className="divide-y divide-sand-200">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      cn(
                        "flex min-h-14 items-center justify-between rounded-lg px-2 text-lg font-medium transition-colors",
                        isActive ? "text-brand-700" : "text-ink hover:text-brand-700",
                      )
                    }
                  >
                    {({ isActive }) => (
                      <>
                        {item.label}
                        {isActive ? <span aria-hidden="true" className="size-2 rounded-full bg-accent-400" /> : null}
                      </>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-4 grid gap-3 pb-2 sm:grid-cols-2">
              <NavLink to="/contact" className="btn btn-primary w-full">
                Contact
              </NavLink>
              {user ? (
                <>
                  {user.isAdmin ? (
                    <Link to="/settings/admin" className="btn btn-outline w-full">
                      <ShieldIcon className="size-5" />
                      Admin Dashboard
                    </Link>
                  ) : null}
                  <Link to="/learn" className="btn btn-outline w-full">
                    My courses
                  </Link>
                  <Link to="/settings" className="btn btn-outline w-full">
                    <UserIcon className="size-5" />
                    Profile Settings
                  </Link>
                </>
              ) : (
                <button
                  type="button"
                  aria-haspopup="dialog"
                  data-login-open=""
                  className="btn btn-outline w-full"
                  onPointerEnter={preloadLogin}
                  onFocus={preloadLogin}
                  onClick={() => {
                    setMenuOpen(false);
                    openLogin();
                  }}
                >
                  <UserIcon className="size-5" />
                  Login
                </button>
              )}
            </div>
          </div>
        </nav>
      </header>
      {/* NOTE: outside the header: its backdrop-filter would make it the box of a fixed child. */}
      <div
        aria-hidden="true"
        hidden={!menuOpen}
        data-menu-overlay=""
        className="fixed inset-0 z-30 animate-fade-in bg-brand-950/30 md:hidden"
        onClick={() => setMenuOpen(false)}
      />

      {user || !LoginDialog ? null : (
        <LoginDialog
          open={loginOpen}
          onOpenChange={setLoginOpen}
          title={loginDialogTitle}
          description={loginDialogDescription}
          returnFocusTo={loginButtonRef}
        >
          {dialogBody ?? (
            <p className="rounded-2xl bg-sand-100 p-5 text-base text-ink">
              Logging in will be available here very soon. In the meantime, you are welcome to{" "}
              <Link to="/contact" className="link" onClick={close}>
                get in touch
              </Link>
              .
            </p>
          )}
        </LoginDialog>
      )}
    </>
  );
}
