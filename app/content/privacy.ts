import type { PublicSiteConfig } from "~/config/public";
import type { ArticleSection } from "~/content/strength-training";

// /privacy (docs/product.md §4.7): eleven sections, last updated November 2026, in plain English and aware of
// the UK GDPR and the Data Protection Act 2018. It names the kinds of processors this site really
// uses (docs/architecture.md §1): card payments (Stripe), scheduling (Cal.com), email marketing (Kit) and the
// community platform, and describes only the cookies and storage the site actually sets.
// NOTE: a real install should have its policy reviewed against its own set-up.

export const PRIVACY_UPDATED = "November 2026";

type LegalSite = Pick<PublicSiteConfig, "businessName" | "coachName" | "contactEmail">;

export function privacyIntro(site: LegalSite): string {
  return `${site.businessName} is run by ${site.coachName}, who is the "data controller" responsible for your personal information. This policy explains what we collect, why we collect it, who we share it with and the rights you have under UK data protection law.`;
}

export function privacySections(site: LegalSite): ArticleSection[] {
  const email = site.contactEmail;
  return [
    {
      id: "information-we-collect",
      title: "Information We Collect",
      blocks: [
        { type: "p", text: "**Information you give us:**" },
        {
          type: "list",
          items: [
            "**Account details:** your name and email address, your password (stored only in a scrambled, hashed form that nobody can read) and, if you add them, a phone number and profile picture.",
            "**Email sign-ups:** your email address, your first name if you give it and, on the Learn to Lift interest form, your biggest exercise challenge if you choose to share it.",
            "**Coaching and health information:** what you tell us about your goals, health, injuries and menopause symptoms so we can coach you safely. Health information is a special category of data, and we only collect it with your explicit consent.",
            "**Purchases:** what you bought, when, the amount and the payment provider's reference. We never receive your full card number.",
            "**Messages and bookings:** emails and messages you send us, and the details you give when you book a consultation.",
          ],
        },
        { type: "p", text: "**Information collected automatically:**" },
        {
          type: "list",
          items: [
            "**Sign-in records:** the date and time of each login, your IP address and an approximate location, which you can see in your account settings. They help keep your account secure.",
            "**Technical information:** the details any website needs to work securely, such as your browser type and the pages requested, kept briefly in our server logs.",
          ],
        },
      ],
    },
    {
      id: "how-we-use-your-information",
      title: "How We Use Your Information",
      blocks: [
        {
          type: "p",
          text: "We use your information only where the law allows it, and for these purposes (the legal basis is in brackets):",
        },
        {
          type: "list",
          items: [
            "to provide what you sign up for or buy: your account, courses, coaching, bookings and community access (contract);",
            "to coach you safely using any health information you share (your explicit consent);",
            "to take payments and keep financial records (contract and legal obligation);",
            "to send news, tips and offers by email only if you ask for them: by confirming a subscription to one of our email lists, or by ticking the box when you create your account or turning on Email Notifications in your settings. We keep a record of when you gave or withdrew that consent and the words you agreed to (consent);",
            "to send essential messages about your account and purchases, such as receipts, password resets and changes to our terms (contract and legitimate interests);",
            "to keep the website and your account secure and prevent fraud and spam (legitimate interests);",
            "to comply with the law (legal obligation).",
          ],
        },
        {
          type: "p",
          text: "We keep information only as long as we need it: account details while your account is open; email sign-ups until you unsubscribe; and purchase records for as long as tax and accounting law requires (usually six years). When you delete your account we delete your profile, login history and profile picture, and keep purchase records with your personal details removed.",
        },
      ],
    },
    {
      id: "information-sharing",
      title: "Information Sharing",
      blocks: [
        {
          type: "p",
          text: "**We do not sell, trade or rent your personal information**, and we never share it with anyone for their own marketing.",
        },
        {
          type: "p",
          text: "We share it only with the service providers who help us run the business (see Third-Party Services), who may use it only on our instructions; when the law requires it, for example to HMRC or in response to a court order; or to protect the safety and rights of our members, ourselves or others. If the business were ever sold, your information would pass to the new owner only on the terms of this policy.",
        },
        {
          type: "p",
          text: "In the community and on group calls, other members can see your name, your profile picture and anything you choose to share.",
        },
      ],
    },
    {
      id: "data-security",
      title: "Data Security",
      blocks: [
        {
          type: "p",
          text: "We protect your information with encrypted connections (HTTPS), hashed passwords, optional two-factor authentication for your account, access limited to the people who need it, and reputable providers with strong security. Card details are handled entirely by our payment provider.",
        },
        {
          type: "p",
          text: "No system is perfectly secure. If a breach ever affected your information, we would act quickly and tell you, and the Information Commissioner's Office, where the law requires.",
        },
      ],
    },
    {
      id: "your-rights-and-choices",
      title: "Your Rights and Choices",
      blocks: [
        { type: "p", text: "Under UK data protection law, you have the right to:" },
        {
          type: "list",
          items: [
            "**access** the personal information we hold about you;",
            "**correct** information that is wrong or incomplete (you can update your name, email and picture in your account settings);",
            "**delete** your information: you can delete your account yourself in your account settings, or ask us to;",
            "**opt out of marketing** at any time, using the unsubscribe link in any email or the email notifications switch in your settings;",
            "**get a copy of your data** in a format you can take elsewhere (signed-in members can download theirs from account settings);",
            "**withdraw consent** whenever we rely on it, for example for emails or health information, without affecting what we did before;",
            "**object to or restrict** how we use your information in some circumstances.",
          ],
        },
        {
          type: "p",
          text: `To use any of these rights, email [${email}](mailto:${email}). We will reply within one month, and in most cases there is no fee. If you are unhappy with how we have handled your information, please tell us first; you also have the right to complain to the [Information Commissioner's Office](https://ico.org.uk), the UK's data protection regulator.`,
        },
      ],
    },
    {
      id: "cookies-and-tracking",
      title: "Cookies and Tracking",
      blocks: [
        {
          type: "p",
          text: "We use only what the website needs to work, which is why we don't ask for cookie consent:",
        },
        {
          type: "list",
          items: [
            "a sign-in cookie that keeps you securely logged in;",
            "a short-lived cookie that carries a one-off message to the next page, such as confirming a change you made;",
            "your browser's local storage, to remember that you have closed or answered the email sign-up pop-up, so it doesn't appear again.",
          ],
        },
        {
          type: "p",
          text: "We do not use advertising, analytics or tracking cookies. If that ever changes, we will ask for your consent first and update this policy. When you load the booking calendar or go to the payment page, Cal.com and Stripe may set cookies of their own, which they need to run their services and prevent fraud.",
        },
        {
          type: "p",
          text: "To see which pages are read and what leads people to our courses, the website counts visits itself, without cookies and without any other company. When you open a public page, your browser tells our server which page it is and which website sent you there. Our server turns your IP address and browser type into a random code that changes every day; the address and browser type themselves are never stored, and the code cannot be traced back to you once the day after has passed, because the secret it is made with is then deleted. With each visit we keep the time (to the minute), the page, the referring website's name, any campaign tags in the link, and whether you used a phone, tablet or computer and which browser. If you go on to pay, we note that a visit ended in a purchase and its amount, never who made it. Visit details are deleted after 90 days; only daily totals are kept.",
        },
        {
          type: "p",
          text: "If your browser sends the Global Privacy Control or Do Not Track signal, your visits are not counted at all.",
        },
      ],
    },
    {
      id: "third-party-services",
      title: "Third-Party Services",
      blocks: [
        {
          type: "p",
          text: "We use a small number of trusted providers, who process personal information on our behalf and under contract:",
        },
        {
          type: "list",
          items: [
            "**Stripe**, for card payments and subscriptions, on its own secure payment pages;",
            "**Cal.com**, for booking consultations (the booking calendar on our pages is provided by Cal.com and loads only when you reach it or ask for it);",
            "**Kit**, for email marketing, only if you subscribe to our emails or turn on Email Notifications in your account;",
            "**our community platform**, which hosts the private member community and its discussions;",
            "our **website hosting and email delivery** providers, which store the site's data and send our emails.",
          ],
        },
        {
          type: "p",
          text: "Each has its own privacy policy, and we choose providers that protect personal information to the standard UK law requires.",
        },
      ],
    },
    {
      id: "childrens-privacy",
      title: "Children's Privacy",
      blocks: [
        {
          type: "p",
          text: "Our website and services are for adults. They are not intended for anyone under 18, and we do not knowingly collect personal information from children. If you think a child has given us their details, please contact us and we will delete them.",
        },
      ],
    },
    {
      id: "international-users",
      title: "International Users",
      blocks: [
        {
          type: "p",
          text: "We are based in the UK and our services are available online worldwide. Some of our providers, such as Stripe, Cal.com and Kit, may process information outside the UK, including in the United States. When they do, we rely on safeguards recognised by UK law, such as adequacy regulations (including the UK Extension to the EU-US Data Privacy Framework) or the UK International Data Transfer Agreement or Addendum.",
        },
        {
          type: "p",
          text: "Wherever you live, we handle your information in line with this policy and UK law.",
        },
      ],
    },
    {
      id: "changes-to-this-policy",
      title: "Changes to This Policy",
      blocks: [
        {
          type: "p",
          text: "We may update this policy from time to time, and the date at the top always shows the latest version. If we make a significant change, we will tell you by email or with a notice on the website before it takes effect.",
        },
      ],
    },
    {
      id: "contact-us",
      title: "Contact Us",
      blocks: [
        {
          type: "p",
          text: `Questions, requests or concerns about your privacy? Email us at [${email}](mailto:${email}) and we will be happy to help.`,
        },
      ],
    },
  ];
}
