import type { PublicSiteConfig } from "~/config/public";
import { LEARN_TO_LIFT_FACTS } from "~/content/learn-to-lift";
import { OFFER_FACTS, offerPrices } from "~/content/plans";
import type { ArticleSection } from "~/content/strength-training";

// /terms (docs/product.md §4.7): nine sections, last updated January 2025. Written for a UK business selling to
// consumers: "all sales final unless otherwise specified" (docs/product.md §4.7) is stated together with the
// statutory rights it cannot take away (Consumer Contracts Regulations 2013, Consumer Rights Act
// 2015). NOTE: a real install should have its terms reviewed by a qualified adviser.

export const TERMS_UPDATED = "January 2025";

type LegalSite = Pick<PublicSiteConfig, "businessName" | "coachName" | "coachSlug" | "contactEmail" | "catalogue">;

export const TERMS_INTRO =
  "Please read these terms carefully before you use our website or buy any of our services. They are written to be clear; if anything is unclear, just ask.";

export function termsSections(site: LegalSite): ArticleSection[] {
  const { learnToLift, oneToOne, foundations } = offerPrices(site);
  const email = site.contactEmail;
  return [
    {
      id: "agreement",
      title: "Agreement to Terms",
      blocks: [
        {
          type: "p",
          text: `These terms and conditions apply to your use of this website and to the coaching, courses and community offered by ${site.businessName} ("we", "us", "our"), run by ${site.coachName}. By using the website, creating an account or buying any of our services, you agree to them. If you do not agree, please do not use the website or our services.`,
        },
        {
          type: "p",
          text: "Please read them together with our [Privacy Policy](/privacy), which explains how we handle your personal information. These terms are governed by the law of England and Wales and the courts of England and Wales have jurisdiction, although if you live in Scotland or Northern Ireland you may also bring proceedings in your local courts.",
        },
      ],
    },
    {
      id: "services",
      title: "Services",
      blocks: [
        {
          type: "p",
          text: "We provide online strength training and coaching for women in perimenopause, menopause and beyond, including:",
        },
        {
          type: "list",
          items: [
            `**${learnToLift.product.name}**, a ${LEARN_TO_LIFT_FACTS.weeks}-week small-group strength course, paid for in one payment;`,
            `**${oneToOne.product.name}**, 1-to-1 online coaching, billed monthly;`,
            `**${foundations.product.name}**, a habit-building course with a private community, billed monthly;`,
            `a free ${OFFER_FACTS.consultationMinutes}-minute video consultation, and a free community with monthly group video calls.`,
          ],
        },
        {
          type: "p",
          text: "Our services are delivered online, through video calls, a messaging app, our course area and our community platform. What each service includes and costs is shown on its page when you buy. We may update course content to improve it, but we will not take away anything you have paid for without telling you.",
        },
        {
          type: "p",
          text: "You must be 18 or over to create an account or use our services.",
        },
      ],
    },
    {
      id: "user-responsibilities",
      title: "User Responsibilities",
      blocks: [
        { type: "p", text: "When you use our website and services, you agree to:" },
        {
          type: "list",
          items: [
            "give accurate information when you create an account, book a call or buy a service, and keep it up to date;",
            "keep your login details secure, and tell us straight away if you think someone else has used your account;",
            "tell us about any health condition, injury, medication or pregnancy that could affect your training, and let us know if anything changes;",
            "be kind and respectful in group calls and in the community: no harassment, discrimination or spam, and no sharing of other members' personal information;",
            "use course materials for your own personal use only, without sharing your login or copying, reselling or publishing the materials.",
          ],
        },
        {
          type: "p",
          text: "We may suspend or close an account that seriously or repeatedly breaks these terms, after warning you where that is reasonable.",
        },
      ],
    },
    {
      id: "health-and-safety",
      title: "Health and Safety Disclaimer",
      blocks: [
        {
          type: "p",
          text: "Our coaching, courses and articles are for general fitness and education. They are not medical advice and are not a substitute for advice from your GP, physiotherapist or another healthcare professional. We are fitness professionals, not medical practitioners, and we do not diagnose or treat medical conditions.",
        },
        {
          type: "p",
          text: "Please speak to your GP before starting any new exercise programme, especially if you have a heart condition, high blood pressure, osteoporosis, a joint problem or a recent injury or operation, if you are pregnant, or if you have been advised to limit physical activity.",
        },
        {
          type: "p",
          text: "All exercise carries some risk of injury. Work within your limits, make sure you have a safe space and suitable equipment, and stop immediately if you feel pain, dizziness, faintness, chest pain or unusual breathlessness; seek medical help if symptoms continue. Results vary from person to person and we cannot guarantee any particular outcome.",
        },
      ],
    },
    {
      id: "payment-and-refunds",
      title: "Payment and Refunds",
      blocks: [
        {
          type: "p",
          text: "Prices are shown in pounds sterling on each service's page and at checkout. Payments are taken securely by our card payment provider, Stripe; we never see or store your full card details.",
        },
        {
          type: "p",
          text: `${learnToLift.product.name} is a one-off payment of ${learnToLift.total}. ${oneToOne.product.name} (${oneToOne.monthly} a month) and ${foundations.product.name} (${foundations.monthly} a month) are monthly subscriptions, charged on the same date each month until you cancel. You can cancel a subscription at any time by emailing us; it ends at the close of the month you have paid for, and you keep access until then.`,
        },
        {
          type: "p",
          text: "**All sales are final unless otherwise specified** in these terms or on the page where you bought the service.",
        },
        {
          type: "p",
          text: "This does not affect your statutory rights. If you are a consumer in the UK, you normally have 14 days after buying a service or digital content to change your mind. If you ask us to start a service within those 14 days, you agree that if you then cancel we may keep a fair amount for what we have already provided. If you ask for immediate access to course content, you agree that your right to cancel ends once access begins.",
        },
        {
          type: "p",
          text: "If something goes wrong, for example a session we are unable to deliver, please contact us and we will put it right, rearrange it or refund you as appropriate.",
        },
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual Property",
      blocks: [
        {
          type: "p",
          text: `Everything on this website and in our courses, including text, videos, workout plans, worksheets, images, logos and the ${site.businessName} name, belongs to us or our licensors and is protected by copyright and other intellectual property laws.`,
        },
        {
          type: "p",
          text: "When you buy a course or coaching, we give you a personal, non-transferable licence to use the materials for your own training. You may not copy, share, sell or publish them, or use them to create your own courses or classes, without our written permission. You are welcome to share links to our public pages.",
        },
        {
          type: "p",
          text: "Anything you post in the community remains yours, but you allow us to show it to other members as part of the community.",
        },
      ],
    },
    {
      id: "limitation-of-liability",
      title: "Limitation of Liability",
      blocks: [
        {
          type: "p",
          text: "Nothing in these terms limits or excludes our liability for death or personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or for anything else that cannot be limited or excluded by law, including your rights as a consumer.",
        },
        {
          type: "p",
          text: "Otherwise, we are responsible only for loss or damage you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable care and skill. We are not responsible for losses that were not foreseeable, for business losses (our services are for personal use), or for injury resulting from not following our guidance, not telling us about relevant health information, or training beyond your limits.",
        },
        {
          type: "p",
          text: "Where the law allows, our total liability to you for any claim about a service is limited to the amount you paid for that service in the 12 months before the claim. We work hard to keep the website available and accurate, but we cannot promise it will always be uninterrupted or free from errors.",
        },
      ],
    },
    {
      id: "modifications",
      title: "Modifications",
      blocks: [
        {
          type: "p",
          text: "We may update these terms from time to time, for example to reflect changes to our services or to the law. **Changes are effective immediately upon posting** on this page, and the date at the top shows when they were last updated, so please check back from time to time.",
        },
        {
          type: "p",
          text: "If a change significantly affects a service you have already paid for, we will email you about it beforehand, and you may cancel an active subscription if you do not accept the change.",
        },
      ],
    },
    {
      id: "contact-information",
      title: "Contact Information",
      blocks: [
        {
          type: "p",
          text: `If you have any questions about these terms, or you would like to cancel a subscription or make a complaint, please email us at [${email}](mailto:${email}). We aim to reply within two working days.`,
        },
        { type: "p", text: `${site.businessName} · Serving UK & Online` },
      ],
    },
  ];
}
