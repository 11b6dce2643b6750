import type { ReactNode } from "react";
import { cn } from "~/utils/cn";
import { ExternalLinkIcon } from "./icons";

export interface JoinCommunityLinkProps {
  /** The community platform's address (COMMUNITY_URL in the site configuration). */
  href: string;
  className?: string;
  children?: ReactNode;
}

/**
 * The free community's way in: its platform, in a new tab. The coaching pages' Learn More and
 * Join Now lead to Build Stronger Foundations, the paid course around the community; this is the
 * link for a visitor who wants the free tier alone.
 */
export function JoinCommunityLink({ href, className, children = "Join the free community" }: JoinCommunityLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={cn("btn", className)}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
      <ExternalLinkIcon className="size-5" />
    </a>
  );
}
