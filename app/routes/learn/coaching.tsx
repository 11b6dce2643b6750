import { Link } from "react-router";
import type { Route } from "./+types/coaching";
import { AccessRefused } from "~/components/learn/access-refused";
import { PageHero } from "~/components/page-hero";
import { coachingPageData } from "~/server/courses/member-pages.server";
import { Card, CardContent, CardDescription, CardTitle } from "~/components/ui/card";
import { formatLongDate } from "~/utils/format";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";
import { seo } from "~/utils/seo";

// /learn/coaching, 'Your coaching' (docs/product.md §19.5): for a 1-to-1 client, the link to book
// her sessions, how to reach her coach, and the files the coach has shared with her alone.

export const handle = islandsPage;

export function loader({ request }: Route.LoaderArgs) {
  return coachingPageData(request);
}
export const clientLoader = loadAsDocument;

export default function CoachingPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.refused) return <AccessRefused refusal={loaderData.refused} coachSlug={loaderData.coachSlug} />;
  const { coachName, contactEmail, bookingUrl, until, files } = loaderData;
  return (
    <main id="main">
      <PageHero eyebrow="My courses" title="Your coaching" intro={`Everything for your 1-to-1 coaching with ${coachName}, in one place.`} />
      <div className="container-page grid gap-6 py-10 sm:py-14 lg:grid-cols-2">
        <Card>
          <CardContent className="flex flex-col gap-4 p-7 sm:p-8">
            <CardTitle as="h2">Book your sessions</CardTitle>
            <CardDescription>Choose a time that suits you on {coachName}&apos;s booking page. You&apos;ll get a confirmation and a reminder by email.</CardDescription>
            <div>
              <a href={bookingUrl} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
                Book a session<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex flex-col gap-4 p-7 sm:p-8">
            <CardTitle as="h2">Reach {coachName}</CardTitle>
            <CardDescription>Questions between sessions, a workout to adapt, a wobble: write any time and you&apos;ll get a considered, personal answer.</CardDescription>
            <p>
              <a href={`mailto:${contactEmail}`} className="link font-semibold">
                {contactEmail}
              </a>
            </p>
          </CardContent>
        </Card>
        <section aria-labelledby="files-heading" className="rounded-3xl border border-sand-200 bg-white p-7 shadow-xs sm:p-8 lg:col-span-2">
          <h2 id="files-heading" className="text-2xl sm:text-3xl">
            Files from {coachName}
          </h2>
          {files.length === 0 ? (
            <p className="mt-3 text-base text-ink-muted">Your programme and anything else {coachName} shares with you will appear here.</p>
          ) : (
            <ul className="mt-4 divide-y divide-sand-200">
              {files.map((file) => (
                <li key={file.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <a href={file.href} download className="link font-semibold">
                    {file.fileName}
                  </a>
                  <span className="text-sm text-ink-muted">Shared on {formatLongDate(file.sharedAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {until ? <p className="text-base text-ink-muted lg:col-span-2">Your coaching ends on {formatLongDate(until)}.</p> : null}
        <p className="lg:col-span-2">
          <Link to="/learn" className="link font-semibold">
            Back to My courses
          </Link>
        </p>
      </div>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, { title: "Your coaching", description: "Your 1-to-1 coaching.", noindex: true });
}
