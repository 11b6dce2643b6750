import type { ReactNode } from "react";
import { EmailListForm } from "./email-list-form";
import { Section } from "./section";

export interface NewsletterSectionProps {
  /** The heading's id stem (and a unique form anchor on the page). */
  name: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
}

/** A band with the newsletter sign-up (EmailListForm "newsletter"); the section's h2 names it. */
export function NewsletterSection({ name, eyebrow, title, intro, children }: NewsletterSectionProps) {
  return (
    <Section name={name} tone="blush" eyebrow={eyebrow} title={title} intro={intro}>
      <div className="mx-auto flex max-w-[58rem] justify-center rounded-[2rem] border border-sand-200 bg-white p-6 shadow-md sm:p-9">
        <EmailListForm variant="newsletter" heading={null} description={null} className="mx-auto" />
      </div>
      {children}
    </Section>
  );
}
