import { useId, type ReactNode } from "react";
import { cn } from "~/utils/cn";

// Section and hero art for the marketing pages, drawn in SVG and CSS (no image requests). All of it
// is decorative: the text beside it carries the meaning, so it is hidden from assistive technology.

/** An arch with a rising sun over soft hills and a kettlebell: the home hero's picture. */
export function SunriseArch({ className, children }: { className?: string; children?: ReactNode }) {
  const uid = useId().replace(/[^a-zA-Z0-9]/g, "");
  const sky = `sky-${uid}`;
  const sun = `sun-${uid}`;
  const clip = `arch-${uid}`;
  return (
    <div aria-hidden="true" className={cn("relative mx-auto w-full max-w-[30rem]", className)}>
      <svg viewBox="0 0 480 560" focusable="false" className="block h-auto w-full">
        <defs>
          <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#f4e5ea" />
            <stop offset="0.6" stopColor="#fae6d7" />
            <stop offset="1" stopColor="#f4cbae" />
          </linearGradient>
          <radialGradient id={sun} cx="0.5" cy="0.45" r="0.55">
            <stop offset="0" stopColor="#f4cbae" />
            <stop offset="0.7" stopColor="#eca77e" />
            <stop offset="1" stopColor="#e2844f" />
          </radialGradient>
          <clipPath id={clip}>
            <path d="M40 548V240a200 200 0 0 1 400 0v308z" />
          </clipPath>
        </defs>

        {/* Outer dotted ring and the apricot arc of progress. */}
        <path
          d="M16 552V240a224 224 0 0 1 448 0v312"
          fill="none"
          stroke="#d9a7b8"
          strokeWidth="1.5"
          strokeDasharray="2 9"
          strokeLinecap="round"
        />
        <path d="M16 300V240A224 224 0 0 1 178 24.7" fill="none" stroke="#eca77e" strokeWidth="4" strokeLinecap="round" />
        <circle cx="178" cy="24.7" r="7" fill="#e2844f" />

        <g clipPath={`url(#${clip})`}>
          <rect x="0" y="0" width="480" height="560" fill={`url(#${sky})`} />
          <circle cx="240" cy="318" r="128" fill={`url(#${sun})`} />
          {/* Warm rays as soft rings. */}
          <circle cx="240" cy="318" r="160" fill="none" stroke="#fdf5ef" strokeOpacity="0.7" strokeWidth="2" />
          <circle cx="240" cy="318" r="196" fill="none" stroke="#fdf5ef" strokeOpacity="0.45" strokeWidth="2" />
          {/* Hills. */}
          <path d="M0 430c70-38 140-52 220-30s160 18 260-26v186H0z" fill="#c27b95" />
          <path d="M0 470c90-30 170-28 250-6s150 20 230-8v104H0z" fill="#7a3b52" />
          <path d="M0 512c110-22 200-20 290-4s140 8 190-2v54H0z" fill="#472232" />
          {/* A kettlebell resting on the near hill. */}
          <g transform="translate(262 392)">
            <path
              d="M16 26C11 17 9.5 5 16 1.5 18 .4 20.5 0 23 0h18c2.5 0 5 .4 7 1.5 6.5 3.5 5 15.5 0 24.5"
              fill="none"
              stroke="#fdfaf5"
              strokeWidth="7"
              strokeLinecap="round"
            />
            <path d="M8 82a32 32 0 1 1 48 0z" fill="#fdfaf5" />
            <path d="M15.5 70a19 19 0 0 1 33 0z" fill="#eca77e" />
          </g>
        </g>
        {/* The arch's rim. */}
        <path d="M40 548V240a200 200 0 0 1 400 0v308" fill="none" stroke="#fdfaf5" strokeWidth="6" />
      </svg>
      {children}
    </div>
  );
}

/** A small floating label on hero art ("Stronger bones"). */
export function ArtChip({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        "absolute inline-flex items-center gap-2 rounded-full border border-white/80 bg-white/90 px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg backdrop-blur-sm",
        className,
      )}
    >
      <span className="size-2.5 rounded-full bg-accent-400" />
      {children}
    </span>
  );
}

export interface CoachPortraitProps {
  /** The coach's name: its first letter is the monogram. */
  name: string;
  /** A short line under the name on the frame's caption ("Strength coach"). */
  role?: string;
  className?: string;
}

/**
 * The coach's portrait frame: an arch with a serif monogram over a rising sun. Used instead of a
 * photograph (the configuration holds no photo); hidden from assistive technology, the page's
 * heading names the coach.
 */
export function CoachPortrait({ name, role, className }: CoachPortraitProps) {
  const uid = useId().replace(/[^a-zA-Z0-9]/g, "");
  const bg = `portrait-bg-${uid}`;
  const glow = `portrait-glow-${uid}`;
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <div aria-hidden="true" className={cn("relative mx-auto w-full max-w-[26rem]", className)}>
      <svg viewBox="0 0 400 500" focusable="false" className="block h-auto w-full drop-shadow-xl">
        <defs>
          <linearGradient id={bg} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8d4262" />
            <stop offset="1" stopColor="#2c1520" />
          </linearGradient>
          <radialGradient id={glow} cx="0.5" cy="0.5" r="0.5">
            <stop offset="0" stopColor="#f4cbae" />
            <stop offset="0.65" stopColor="#eca77e" />
            <stop offset="1" stopColor="#eca77e" stopOpacity="0" />
          </radialGradient>
        </defs>
        <path d="M20 490V200a180 180 0 0 1 360 0v290z" fill={`url(#${bg})`} />
        <circle cx="200" cy="250" r="150" fill={`url(#${glow})`} opacity="0.9" />
        <circle cx="200" cy="250" r="118" fill="none" stroke="#fdfaf5" strokeOpacity="0.35" strokeWidth="1.5" />
        <circle
          cx="200"
          cy="250"
          r="168"
          fill="none"
          stroke="#fdfaf5"
          strokeOpacity="0.25"
          strokeWidth="1.5"
          strokeDasharray="2 10"
          strokeLinecap="round"
        />
        <text
          x="200"
          y="300"
          textAnchor="middle"
          fill="#2c1520"
          style={{ font: "600 150px var(--font-display)" }}
        >
          {initial}
        </text>
        {/* Leaves: growth, calm. */}
        <path d="M30 420c16-42 50-66 92-70-13 38-48 62-92 70z" fill="#c27b95" opacity="0.9" />
        <path d="M370 420c-16-42-50-66-92-70 13 38 48 62 92 70z" fill="#d9a7b8" opacity="0.75" />
        <path d="M20 490V200a180 180 0 0 1 360 0v290" fill="none" stroke="#fdfaf5" strokeWidth="8" />
      </svg>
      <div className="absolute -bottom-5 left-1/2 w-max max-w-[90%] -translate-x-1/2 rounded-2xl border border-sand-200 bg-white px-5 py-3 text-center shadow-lg">
        <p className="font-display text-xl font-semibold text-ink">{name}</p>
        {role ? <p className="text-sm text-ink-muted">{role}</p> : null}
      </div>
    </div>
  );
}

/** Soft blurred colour fields behind a section (apricot and blush). */
export function SoftGlow({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn("pointer-events-none absolute inset-0 -z-10 overflow-hidden", className)}>
      <div className="absolute -top-40 -left-40 size-[32rem] rounded-full bg-[radial-gradient(closest-side,rgb(244_203_174/0.45),transparent)]" />
      <div className="absolute -right-40 -bottom-48 size-[34rem] rounded-full bg-[radial-gradient(closest-side,rgb(233_204_214/0.7),transparent)]" />
    </div>
  );
}
