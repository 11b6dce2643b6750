import type { PublicSiteConfig } from "~/config/public";
import type { RootUser } from "~/root";

export function SiteShell({ children }: { site: PublicSiteConfig; user: RootUser | null; children: React.ReactNode }) {
  return <>{children}</>;
}
