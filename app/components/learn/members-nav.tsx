import { Link } from "react-router";
import type { MembersAreaLink } from "~/server/courses/member-pages.server";
import { cn } from "~/utils/cn";

/**
 * The members' area's own navigation, above each of its pages: 'My courses', her courses and her
 * coaching, the page she is on marked (a course's lessons count as the course). Plain links: the
 * area's pages do not hydrate (app/utils/islands-page.ts).
 */
export function MembersNav({ links, pathname }: { links: MembersAreaLink[]; pathname: string }) {
  if (links.length === 0) return null;
  const current = (href: string) => (href === "/learn" ? pathname === "/learn" || pathname === "/learn/" : pathname === href || pathname.startsWith(`${href}/`));
  return (
    <nav aria-label="Members' area" className="border-b border-sand-200 bg-white">
      <ul className="container-page flex gap-2 overflow-x-auto py-3">
        {links.map((link) => {
          const here = current(link.href);
          return (
            <li key={link.href} className="shrink-0">
              <Link
                to={link.href}
                aria-current={here ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center rounded-full px-4 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
                  here ? "bg-brand-800 text-white" : "text-brand-800 hover:bg-sand-100",
                )}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
