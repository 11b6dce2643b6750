import type { Announcement } from "~/validation/content";
import { useRouteLoaderData } from "react-router";
import type { PublicSiteConfig } from "~/config/public";
import type { FlashToast } from "~/utils/flash-toast";

// The root loader's data (app/root.tsx), typed here so that components and routes can read it
// without importing the root module.

/** The signed-in user as the browser sees it (the navigation, settings). */
export interface RootUser {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
  twoFactorEnabled: boolean;
}

export interface RootLoaderData {
  site: PublicSiteConfig;
  user: RootUser | null;
  /** Flash toasts to show once (decision 016: a one-time cookie read here). */
  toasts: FlashToast[];
  /** The coach's announcement bar when she has switched it on (the Content tab); null otherwise. */
  announcement: Announcement | null;
}


/** The root loader's data (site configuration and the signed-in user) from any component. */
export function useRootData(): RootLoaderData {
  const data = useRouteLoaderData<RootLoaderData>("root");
  if (!data) throw new Error("Root loader data is missing");
  return data;
}
