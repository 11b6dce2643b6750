import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import type { ContentActionFailure, ContentTabData } from "~/server/admin/content.server";
import { ResponsivePhoto } from "~/components/responsive-photo";
import { Button } from "~/components/ui/button";
import { FileInput, InputField } from "~/components/ui/form-field";
import { checkSitePhotoFile, SITE_PHOTO_ACCEPT } from "~/validation/content-photos";
import { CONTENT_INTENTS, type PhotoBlockName } from "~/validation/content";
import { CONTENT_ACTION, Hidden, failureFor, BlockCard } from "./form-parts";
import { FormMessage, fieldError } from "../form-kit";

// The Content tab's photo blocks (the hero photo and the coach's photo): the photo as the site
// shows it, a new one with its description, and the history.

export const PHOTO_TEXT: Record<PhotoBlockName, { description: string; empty: string }> = {
  coachPhoto: {
    description: "Your photo on your meet page and in the home page's coach section. Until you add one, the site shows your monogram artwork.",
    empty: "No photo yet: the site shows your monogram artwork.",
  },
  heroPhoto: {
    description: "An optional photo beside the home page's headline. Until you add one, the site shows its sunrise artwork.",
    empty: "No photo yet: the home page shows its sunrise artwork.",
  },
};

export function PhotoEditor({ block, data, result, headingLevel }: { block: PhotoBlockName; data: ContentTabData; result: ContentActionFailure | null; headingLevel: "h2" | "h3" }) {
  const view = data.blocks[block];
  const sources = data.photos[block];
  const failure = failureFor(result, block, CONTENT_INTENTS.savePhoto) ?? (result && result.block === block && result.intent === null && result.field === "photo" ? result : null);
  const alt = failure?.values.alt ?? view.value?.alt ?? "";
  const fileId = `${block}-file`;
  const [checked, setChecked] = useState<string | null>(null);
  const photoError = checked ?? fieldError(failure, "photo");
  // With JavaScript, a file the server would refuse is stopped here, before the upload.
  const checkFile = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("photo");
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    const problem = file && file.size > 0 ? checkSitePhotoFile(file) : null;
    setChecked(problem);
    if (problem && input instanceof HTMLInputElement) {
      event.preventDefault();
      input.focus();
    }
  };
  return (
    <BlockCard block={block} view={view} description={PHOTO_TEXT[block].description} result={result} headingLevel={headingLevel} resetLabel="Remove photo">
      <div className="grid gap-6 sm:grid-cols-[14rem_1fr] sm:items-start">
        {sources && view.value ? (
          <ResponsivePhoto photo={sources} alt={view.value.alt} sizes="14rem" className="overflow-hidden rounded-2xl border border-sand-200" />
        ) : (
          <p className="rounded-2xl border border-dashed border-sand-300 p-5 text-base text-ink-muted">{PHOTO_TEXT[block].empty}</p>
        )}
        <Form method="post" action={`${CONTENT_ACTION}?block=${block}`} encType="multipart/form-data" noValidate onSubmit={checkFile} className="flex flex-col gap-4">
          <Hidden block={block} intent={CONTENT_INTENTS.savePhoto} version={view.version} />
          <FormMessage failure={failure} />
          <div className="flex flex-col gap-2">
            <label htmlFor={fileId} className="text-base font-semibold text-ink">
              {view.value ? "Replace the photo" : "Photo"}
            </label>
            <p id={`${fileId}-hint`} className="-mt-1 text-sm text-ink-muted">
              JPEG, PNG or WebP, up to 10 MB. A large, sharp photo works best; it is resized for every screen.
            </p>
            <FileInput id={fileId} name="photo" accept={SITE_PHOTO_ACCEPT} error={photoError} />
          </div>
          <InputField
            label="Description (alt text)"
            name="alt"
            id={`${block}-alt`}
            defaultValue={alt}
            error={fieldError(failure, "alt")}
            hint={`What the photo shows, for people who cannot see it. Left empty, it is your name: ${data.coachName}.`}
            maxLength={200}
            autoComplete="off"
          />
          <div>
            <Button type="submit">Save</Button>
          </div>
        </Form>
      </div>
    </BlockCard>
  );
}
