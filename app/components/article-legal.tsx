import type { ArticleSection } from "~/content/strength-training";
import { ArticleBlocks } from "./article-blocks";
import { ArticleToc } from "./article-toc";

export interface LegalDocumentProps {
  /** The page's h1 ("Terms and Conditions"). */
  title: string;
  /** "January 2025". */
  updated: string;
  intro: string;
  sections: readonly ArticleSection[];
}

/**
 * A legal page (/terms, /privacy): title and date, a numbered table of contents, and numbered
 * sections in a comfortable reading column.
 */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <main id="main">
      <header className="border-b border-sand-200 bg-linear-to-b from-sand-100 to-sand-50">
        <div className="container-page py-14 sm:py-20">
          <p className="eyebrow mb-4">Legal</p>
          <h1 className="text-4xl sm:text-5xl lg:text-6xl">{title}</h1>
          <p className="mt-5 inline-flex items-center gap-2 rounded-full border border-sand-300 bg-white px-4 py-1.5 text-sm font-semibold text-ink">
            Last updated {updated}
          </p>
          <p className="mt-6 max-w-2xl text-lg text-ink-muted sm:text-xl">{intro}</p>
        </div>
      </header>

      <div className="container-page py-12 sm:py-16 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14 lg:py-20">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <ArticleToc items={sections} title="Contents" numbered />
        </div>
        <div className="mt-10 max-w-[46rem] lg:mt-0">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              data-legal-section=""
              className="border-t border-sand-200 pt-10 pb-2 first:border-t-0 first:pt-0 [&+&]:mt-10"
            >
              <div className="flex items-baseline gap-4">
                <span aria-hidden="true" className="font-display text-2xl font-semibold text-brand-400 tabular-nums">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <h2 id={`${section.id}-heading`} className="text-2xl sm:text-3xl">
                  {section.title}
                </h2>
              </div>
              <ArticleBlocks blocks={section.blocks} className="mt-5" />
            </section>
          ))}
        </div>
      </div>
    </main>
  );
}
