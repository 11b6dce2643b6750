import type { ContentActionFailure, ContentBlockView, ContentTabData } from "~/server/admin/content.server";
import { Alert } from "~/components/ui/alert";
import { type ContentBlock, type ListBlock } from "~/validation/content";
import { ListEditor } from "./content/list-editor";
import { HomeHeroEditor, AnnouncementEditor, MeetEditor } from "./content/text-editors";
import { PhotoEditor } from "./content/photo-editor";

// The Content tab (docs/product.md §10.13): every text and photo the coach changes herself, one
// card per block: the home page's headline, the announcement bar, testimonials, her meet page,
// qualifications, the three FAQs and the two photos. Each card shows whether the site has her
// version or the installed text, its history with 'Restore', and 'Reset to default'. Plain forms
// that post to /settings/admin/content and work before JavaScript loads; every form carries the
// version it shows, so a save over a newer one is refused. A refused form's message sits next to
// its field. The cards themselves are in ./content/.

interface Props {
  data: ContentTabData;
  result: ContentActionFailure | null;
  headingLevel?: "h2" | "h3";
}

const SECTIONS: { block: ContentBlock; label: string }[] = [
  { block: "homeHero", label: "Home page headline" },
  { block: "heroPhoto", label: "Hero photo" },
  { block: "announcement", label: "Announcement bar" },
  { block: "testimonials", label: "Testimonials" },
  { block: "meetPage", label: "Meet page" },
  { block: "coachPhoto", label: "Coach photo" },
  { block: "qualifications", label: "Qualifications" },
  { block: "faqCoaching", label: "Coaching services FAQ" },
  { block: "faqLearnToLift", label: "Learn to Lift FAQ" },
  { block: "faqFoundations", label: "Foundations FAQ" },
];

export function ContentTab({ data, result, headingLevel = "h3" }: Props) {
  // A form refused before it could be read (another block's message has its own card).
  const unplaced = result && result.block === null ? result : null;
  const editor = (block: ContentBlock) => {
    switch (block) {
      case "homeHero":
        return <HomeHeroEditor key={block} data={data} result={result} headingLevel={headingLevel} />;
      case "announcement":
        return <AnnouncementEditor key={block} data={data} result={result} headingLevel={headingLevel} />;
      case "meetPage":
        return <MeetEditor key={block} data={data} result={result} headingLevel={headingLevel} />;
      case "coachPhoto":
      case "heroPhoto":
        return <PhotoEditor key={block} block={block} data={data} result={result} headingLevel={headingLevel} />;
      default:
        return <ListEditor key={block} block={block} view={data.blocks[block] as ContentBlockView<ListBlock>} result={result} headingLevel={headingLevel} />;
    }
  };
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Content sections" className="rounded-2xl border border-sand-200 bg-white p-5">
        <p className="text-base text-ink-muted">
          Your words and photos on the site. A change shows within a few seconds, with no deploy, and every version is kept:
          open a section&apos;s History to bring one back.
        </p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {SECTIONS.map((section) => (
            <li key={section.block}>
              <a href={`#content-${section.block}`} className="btn btn-outline btn-sm">
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {unplaced ? (
        <Alert variant="destructive" title="Nothing was changed">
          {unplaced.message}
        </Alert>
      ) : null}
      {SECTIONS.map((section) => editor(section.block))}
    </div>
  );
}
