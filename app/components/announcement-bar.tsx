import type { Announcement } from "~/validation/content";

// The coach's announcement bar (docs/product.md §10.13): one line across the top of every public
// page, with an optional link, switched on and written on the Content tab. Plain text: nothing
// she types is read as markup.

export function AnnouncementBar({ announcement }: { announcement: Announcement }) {
  const external = announcement.linkUrl.startsWith("https://");
  return (
    <aside aria-label="Announcement" className="bg-brand-800 px-4 py-2.5 text-center text-base text-white">
      <p className="mx-auto max-w-4xl text-pretty">
        {announcement.text}
        {announcement.linkUrl && announcement.linkLabel ? (
          <>
            {" "}
            <a
              href={announcement.linkUrl}
              className="font-semibold whitespace-nowrap text-white underline decoration-accent-300 underline-offset-4 hover:decoration-white"
              {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            >
              {announcement.linkLabel}
              {external ? <span className="sr-only"> (opens in a new tab)</span> : null}
            </a>
          </>
        ) : null}
      </p>
    </aside>
  );
}
