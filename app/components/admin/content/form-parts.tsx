import { type ReactNode } from "react";
import { Form } from "react-router";
import type { ContentActionFailure, ContentBlockView } from "~/server/admin/content.server";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/utils/format";
import { BLOCK_LABELS, CONTENT_INTENTS, type ContentBlock } from "~/validation/content";
import { FormMessage, HiddenFields } from "../form-kit";

// The pieces every card of the Content tab shares: the forms' hidden fields and messages, the card
// with its history, 'Restore' and 'Reset to default', and the save form.

export const CONTENT_ACTION = "/settings/admin/content";

export const MARKDOWN_HINT = "Blank line: new paragraph. **bold**, *italic*, [words](/page or https://…), lines starting “- ” for a list.";

export type Values = Record<string, string>;

export function Hidden({ block, intent, version, index }: { block: ContentBlock; intent: string; version: number; index?: number }) {
  return <HiddenFields fields={{ intent, block, expectedVersion: version, index }} />;
}

/** The failure when it belongs to this form (block, intent and item); null otherwise. */
export function failureFor(result: ContentActionFailure | null, block: ContentBlock, intent: string, index: number | null = null) {
  return result && !result.changed && result.block === block && result.intent === intent && result.index === index ? result : null;
}


// ─── Fields of each block ──────────────────────────────────────────────────────────────────────

// ─── One card per block ────────────────────────────────────────────────────────────────────────

export interface BlockCardProps {
  block: ContentBlock;
  view: ContentBlockView<ContentBlock>;
  description: ReactNode;
  result: ContentActionFailure | null;
  headingLevel: "h2" | "h3";
  children: ReactNode;
  /** What 'Reset to default' brings back, in words. */
  resetLabel?: string;
}

export function BlockCard({ block, view, description, result, headingLevel, children, resetLabel = "Reset to default" }: BlockCardProps) {
  const photo = block === "coachPhoto" || block === "heroPhoto";
  // A message about the whole block: changed meanwhile, a version gone, an unknown form.
  const blockMessage =
    result && result.block === block && (result.changed || ![CONTENT_INTENTS.addItem, CONTENT_INTENTS.updateItem, CONTENT_INTENTS.saveBlock, CONTENT_INTENTS.savePhoto].includes(result.intent as never))
      ? result
      : null;
  return (
    <Card id={`content-${block}`} className="scroll-mt-24">
      <CardHeader>
        <CardTitle as={headingLevel}>{BLOCK_LABELS[block]}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {blockMessage ? (
          <Alert variant="destructive" title="Nothing was changed">
            {blockMessage.message}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex flex-wrap items-center gap-2 text-base text-ink-muted">
            {view.customised ? <Badge variant="accent">{photo ? "Your photo" : "Your version"}</Badge> : <Badge variant="neutral">{photo ? "Artwork" : "Installed text"}</Badge>}
            <span>{view.version > 0 ? `Version ${view.version}` : "Nothing saved yet"}</span>
          </p>
          {view.customised ? (
            <Form method="post" action={CONTENT_ACTION}>
              <Hidden block={block} intent={CONTENT_INTENTS.reset} version={view.version} />
              <Button type="submit" variant="outline" size="sm" aria-label={`${resetLabel}: ${BLOCK_LABELS[block]}`}>
                {resetLabel}
              </Button>
            </Form>
          ) : null}
        </div>
        {children}
        <details className="rounded-2xl border border-sand-200 p-4">
          <summary className="cursor-pointer font-semibold text-ink">History</summary>
          <div className="mt-3 flex flex-col gap-3">
            {view.history.length === 0 ? (
              <p className="text-base text-ink-muted">Nothing saved yet: the site shows the installed text.</p>
            ) : (
              <ol className="flex flex-col divide-y divide-sand-200 rounded-2xl border border-sand-200">
                {view.history.map((entry) => (
                  <li key={entry.version} className="flex flex-wrap items-center justify-between gap-3 p-4">
                    <span className="text-base">
                      <span className="font-semibold">Version {entry.version}</span>
                      {entry.isDefault ? " (installed text)" : null} · {formatDateTime(entry.savedAt)}
                      {entry.savedBy ? ` · ${entry.savedBy}` : null}
                      {entry.version === view.version ? (
                        <Badge variant="success" className="ml-2">
                          Shown now
                        </Badge>
                      ) : null}
                    </span>
                    {entry.version === view.version ? null : (
                      <Form method="post" action={CONTENT_ACTION}>
                        <Hidden block={block} intent={CONTENT_INTENTS.restore} version={view.version} />
                        <input type="hidden" name="version" value={entry.version} />
                        <Button type="submit" variant="outline" size="sm" aria-label={`Restore version ${entry.version} of ${BLOCK_LABELS[block]}`}>
                          Restore
                        </Button>
                      </Form>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </details>
      </CardContent>
    </Card>
  );
}

export function SaveForm({ block, version, failure, children }: { block: ContentBlock; version: number; failure: ContentActionFailure | null; children: ReactNode }) {
  return (
    <Form method="post" action={CONTENT_ACTION} noValidate className="flex flex-col gap-4">
      <Hidden block={block} intent={CONTENT_INTENTS.saveBlock} version={version} />
      <FormMessage failure={failure} />
      {children}
      <div>
        <Button type="submit">Save</Button>
      </div>
    </Form>
  );
}
