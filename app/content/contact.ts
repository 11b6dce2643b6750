import type { PublicSiteConfig } from "~/config/public";
import { OFFER_FACTS } from "./plans";

// /contact (docs/product.md §4.5): newsletter, email and location cards, what to expect from the free
// consultation, qualifications, four social links and the booking embed (#consultation).

type ContactSite = Pick<PublicSiteConfig, "coachName">;

export const contactHero = {
  eyebrow: "Get in touch",
  /** The page's h1 (tests/support/site-routes.ts). */
  title: "Contact",
  intro:
    "Questions, ideas or ready to talk? Drop me an email or book a free video consultation. I read every message myself and reply within two working days.",
  cta: "Book a free consultation",
};

export const contactCards = {
  email: {
    title: "Email",
    body: "For questions about coaching, courses or anything else.",
  },
  location: {
    title: "Location",
    value: "Online, worldwide",
    body: "Serving UK & Online: coaching by video, wherever you are.",
  },
  consultation: {
    title: "Free consultation",
    value: `${OFFER_FACTS.consultationMinutes}-minute video call`,
    body: "Pick a time that suits you in the calendar below.",
  },
};

export function expectSection(site: ContactSite) {
  return {
    eyebrow: "Your free consultation",
    title: "What to expect",
    intro: `A relaxed ${OFFER_FACTS.consultationMinutes}-minute video call with ${site.coachName}. No preparation needed, and no obligation.`,
    steps: [
      {
        title: "Choose a time",
        body: "Pick a slot in the calendar. You'll get a confirmation email with the video link straight away.",
      },
      {
        title: "Talk it through",
        body: `For ${OFFER_FACTS.consultationMinutes} minutes we'll chat about your goals, your symptoms, your week and anything that's held you back.`,
      },
      {
        title: "Get a clear next step",
        body: "I'll recommend the option that genuinely suits you, even if that's starting with the free community.",
      },
    ],
  };
}

/**
 * The demo coach's qualifications. NOTE: the coach edits this list to match her own certificates.
 */
export const qualifications = {
  eyebrow: "Qualifications",
  title: "Qualified and always learning",
  intro: "You deserve a coach who knows her stuff. Here's the training behind the advice.",
  items: [
    { title: "Level 3 Diploma in Personal Training", detail: "Programme design, technique coaching and safe progression" },
    { title: "Menopause fitness specialist", detail: "Training and coaching through perimenopause, menopause and beyond" },
    { title: "Level 3 Certificate in Exercise Referral", detail: "Exercise for people living with long-term health conditions" },
    { title: "Level 3 Award in Nutrition for Physical Activity", detail: "Everyday eating to support training and recovery" },
    { title: "Emergency First Aid at Work", detail: "Renewed every three years" },
  ],
};

export const socialSection = {
  title: "Follow along",
  body: "Short workouts, myth-busting and everyday encouragement, most days of the week.",
};

export function bookingSection(site: ContactSite) {
  return {
    eyebrow: "Book online",
    title: "Book your free consultation",
    intro: `Choose a day and time for your ${OFFER_FACTS.consultationMinutes}-minute video call with ${site.coachName}. You'll receive a confirmation and a link to join by email.`,
  };
}

export const contactNewsletter = {
  eyebrow: "Newsletter",
  title: "Tips and news, now and then",
  intro: "Practical strength tips, menopause research in plain English and first news of new courses.",
};
