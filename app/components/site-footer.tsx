import type { ComponentType } from "react";
import { Link } from "react-router";
import type { PublicSiteConfig } from "~/config/public";
import { BrandMark } from "./brand-mark";
import {
  ArrowRightIcon,
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  TikTokIcon,
  YouTubeIcon,
  type IconProps,
} from "./icons";
import { mainNavItems } from "./nav-links";
import { EmailText } from "~/components/ui/email-text";

// docs/product.md §3.2 (footer) and §14.5: the copyright year is 2025.
const COPYRIGHT_YEAR = 2025;

const socialNetworks: { key: keyof PublicSiteConfig["social"]; label: string; Icon: ComponentType<IconProps> }[] = [
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
  { key: "youtube", label: "YouTube", Icon: YouTubeIcon },
  { key: "tiktok", label: "TikTok", Icon: TikTokIcon },
];

const headingClass = "font-sans text-xs font-bold tracking-[0.14em] text-accent-200 uppercase";
const footerLinkClass =
  "inline-flex min-h-9 items-center rounded text-sand-100 underline decoration-transparent underline-offset-4 transition-colors hover:text-white hover:decoration-accent-300";

/**
 * An email address is never broken in the middle of a word (decision 261): it stays on one line,
 * its type shrinking with the column (down to the site's smallest, 14 px) where the column is
 * narrower than the address. Only an address too long even then may wrap, and only before its
 * "@" or a dot.
 */
function EmailAddress({ email }: { email: string }) {
  // An address's letters average about 0.52 em in the platforms' sans fonts; 0.6 leaves room for
  // wider ones. The icon and the gap before the text take 1.875rem of the column.
  const fontSize = `clamp(0.875rem, calc((100cqi - 1.875rem) / ${(email.length * 0.6).toFixed(2)}), 1em)`;
  return <EmailText email={email} style={{ fontSize }} className="min-w-0" />;
}

export function SiteFooter({ site }: { site: PublicSiteConfig }) {
  const quickLinks = [...mainNavItems(site), { label: "Contact", to: "/contact" }];

  return (
    <footer className="on-dark relative isolate overflow-hidden bg-brand-900 text-sand-100">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-32 -z-10 size-[32rem] rounded-full bg-[radial-gradient(closest-side,rgb(236_167_126/0.16),transparent)]"
      />
      <div className="container-page grid gap-12 py-16 sm:grid-cols-2 lg:grid-cols-[1.5fr_1fr_1.1fr] lg:gap-16 lg:py-20">
        <div className="sm:col-span-2 lg:col-span-1">
          <Link to="/" className="inline-flex items-center gap-3 rounded-xl text-white">
            <BrandMark tone="light" />
            <span className="font-display text-2xl font-semibold tracking-tight">{site.businessName}</span>
          </Link>
          <p className="mt-5 max-w-sm text-brand-200">
            Strength training and coaching for women in perimenopause, menopause and beyond.
          </p>
          <p className="mt-4 flex items-center gap-2 text-sand-100">
            <MapPinIcon className="size-5 text-accent-300" />
            Serving UK &amp; Online
          </p>
          <Link to="/contact#consultation" reloadDocument className="btn btn-accent mt-8">
            Book Consultation
            <ArrowRightIcon className="size-5" />
          </Link>
        </div>

        <nav aria-label="Quick links">
          <h2 className={headingClass}>Quick links</h2>
          <ul className="mt-5 space-y-2">
            {quickLinks.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={footerLinkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="@container">
          <h2 className={headingClass}>Get in touch</h2>
          <a
            href={`mailto:${site.contactEmail}`}
            className="mt-5 inline-flex max-w-full items-center gap-2.5 rounded text-sand-100 underline decoration-accent-300/60 underline-offset-4 transition-colors hover:text-white hover:decoration-accent-300"
          >
            <MailIcon className="size-5 shrink-0 text-accent-300" />
            <EmailAddress email={site.contactEmail} />
          </a>
          <h2 className={`${headingClass} mt-10`}>Follow along</h2>
          <ul className="mt-5 flex flex-wrap gap-3">
            {socialNetworks.map(({ key, label, Icon }) => (
              <li key={key}>
                <a
                  href={site.social[key]}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="inline-flex size-11 items-center justify-center rounded-full border border-white/20 text-sand-100 transition-colors hover:border-accent-300 hover:bg-white/10 hover:text-white"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="border-t border-white/15">
        <div className="container-page flex flex-col gap-3 py-6 text-sm text-brand-200 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {COPYRIGHT_YEAR} {site.businessName}
          </p>
          <ul className="flex gap-6">
            <li>
              <Link to="/terms" className={footerLinkClass}>
                Terms
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLinkClass}>
                Privacy
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
