import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHero } from "~/components/page-hero";

/**
 * A dashboard tab's form route as a page of its own: what the browser shows when a form posts
 * without JavaScript and is refused (the message next to its field), with the way back.
 */
export function AdminSubPage({ title, intro, backTo, children }: { title: string; intro?: ReactNode; backTo: string; children: ReactNode }) {
  return (
    <main id="main">
      <PageHero title={title} intro={intro} />
      <div className="container-page flex flex-col gap-6 py-10 sm:py-14">
        <p>
          <Link to={backTo} className="link font-semibold">
            Back to the Admin Dashboard
          </Link>
        </p>
        {children}
      </div>
    </main>
  );
}
