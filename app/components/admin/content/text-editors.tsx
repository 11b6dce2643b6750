import type { ContentActionFailure, ContentTabData } from "~/server/admin/content.server";
import { InputField, TextareaField } from "~/components/ui/form-field";
import { ANNOUNCEMENT_LIMITS, CONTENT_INTENTS, HOME_HERO_LIMITS, MEET_LIMITS } from "~/validation/content";
import { MARKDOWN_HINT, type Values, failureFor, BlockCard, SaveForm } from "./form-parts";
import { fieldError } from "../form-kit";

// The Content tab's single-text blocks: the home page's headline, the announcement bar and the
// meet page.

export function HomeHeroEditor({ data, result, headingLevel }: { data: ContentTabData; result: ContentActionFailure | null; headingLevel: "h2" | "h3" }) {
  const view = data.blocks.homeHero;
  const failure = failureFor(result, "homeHero", CONTENT_INTENTS.saveBlock);
  const values = failure?.values ?? view.value;
  return (
    <BlockCard block="homeHero" view={view} description="The first words a visitor reads: the home page's headline and the line under it." result={result} headingLevel={headingLevel}>
      <SaveForm block="homeHero" version={view.version} failure={failure}>
        <InputField label="Headline" name="headline" id="homeHero-headline" defaultValue={values.headline} error={fieldError(failure, "headline")} maxLength={HOME_HERO_LIMITS.headlineMax} autoComplete="off" required />
        <TextareaField label="Line under the headline" name="intro" id="homeHero-intro" defaultValue={values.intro} error={fieldError(failure, "intro")} rows={3} maxLength={HOME_HERO_LIMITS.introMax} required />
      </SaveForm>
    </BlockCard>
  );
}

export function AnnouncementEditor({ data, result, headingLevel }: { data: ContentTabData; result: ContentActionFailure | null; headingLevel: "h2" | "h3" }) {
  const view = data.blocks.announcement;
  const failure = failureFor(result, "announcement", CONTENT_INTENTS.saveBlock);
  const stored = view.value;
  const values: Values = failure?.values ?? { text: stored.text, linkLabel: stored.linkLabel, linkUrl: stored.linkUrl, enabled: stored.enabled ? "on" : "" };
  return (
    <BlockCard
      block="announcement"
      view={view}
      description="An optional bar across the top of every public page: a new cohort, a holiday, an offer."
      result={result}
      headingLevel={headingLevel}
    >
      <SaveForm block="announcement" version={view.version} failure={failure}>
        <div className="flex items-start gap-3">
          <input id="announcement-enabled" type="checkbox" name="enabled" defaultChecked={values.enabled === "on"} className="mt-1 size-5 shrink-0 cursor-pointer accent-brand-700" />
          <label htmlFor="announcement-enabled" className="text-base font-semibold text-ink">
            Show the bar on every public page
          </label>
        </div>
        <InputField label="Announcement" name="text" id="announcement-text" defaultValue={values.text} error={fieldError(failure, "text")} maxLength={ANNOUNCEMENT_LIMITS.textMax} autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <InputField label="Link words" name="linkLabel" id="announcement-linkLabel" defaultValue={values.linkLabel} error={fieldError(failure, "linkLabel")} hint="Optional, e.g. “Join the waitlist”" maxLength={ANNOUNCEMENT_LIMITS.linkLabelMax} autoComplete="off" />
          <InputField label="Link address" name="linkUrl" id="announcement-linkUrl" defaultValue={values.linkUrl} error={fieldError(failure, "linkUrl")} hint="A page of this site (/learn-to-lift) or https://…" maxLength={ANNOUNCEMENT_LIMITS.linkUrlMax} autoComplete="off" inputMode="url" />
        </div>
      </SaveForm>
    </BlockCard>
  );
}

export function MeetEditor({ data, result, headingLevel }: { data: ContentTabData; result: ContentActionFailure | null; headingLevel: "h2" | "h3" }) {
  const view = data.blocks.meetPage;
  const failure = failureFor(result, "meetPage", CONTENT_INTENTS.saveBlock);
  const values = failure?.values ?? view.value;
  return (
    <BlockCard block="meetPage" view={view} description="Your introduction, your story, the quote under it and the line under your photo on your meet page." result={result} headingLevel={headingLevel}>
      <SaveForm block="meetPage" version={view.version} failure={failure}>
        <TextareaField label="Introduction" name="bio" id="meetPage-bio" defaultValue={values.bio} error={fieldError(failure, "bio")} hint={MARKDOWN_HINT} rows={8} maxLength={MEET_LIMITS.bioMax} required />
        <TextareaField label="Your story" name="story" id="meetPage-story" defaultValue={values.story} error={fieldError(failure, "story")} hint={MARKDOWN_HINT} rows={10} maxLength={MEET_LIMITS.storyMax} required />
        <TextareaField label="Quote under your story" name="quote" id="meetPage-quote" defaultValue={values.quote} error={fieldError(failure, "quote")} hint="Optional" rows={2} maxLength={MEET_LIMITS.quoteMax} />
        <InputField label="Photo caption" name="caption" id="meetPage-caption" defaultValue={values.caption} error={fieldError(failure, "caption")} hint="The line under your name beside your photo" maxLength={MEET_LIMITS.captionMax} autoComplete="off" required />
      </SaveForm>
    </BlockCard>
  );
}
