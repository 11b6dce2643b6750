import type { IconProps } from "./icons";

// Larger line icons for the marketing pages' feature cards (24 × 24, currentColor, decorative).

function FeatureIcon({ children, className, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ?? "size-7"}
      {...props}
    >
      {children}
    </svg>
  );
}

/** A ticked list: habits. */
export function HabitIcon(props: IconProps) {
  return (
    <FeatureIcon {...props}>
      <rect x="4" y="3.5" width="16" height="17" rx="3" />
      <path d="M8 9l1.5 1.5L12 8M8 14.5l1.5 1.5L12 13.5M14.5 9.5H16.5M14.5 15H16.5" />
    </FeatureIcon>
  );
}

/** Three people: community. */
export function CommunityIcon(props: IconProps) {
  return (
    <FeatureIcon {...props}>
      <circle cx="12" cy="8" r="3" />
      <circle cx="5.5" cy="10" r="2.25" />
      <circle cx="18.5" cy="10" r="2.25" />
      <path d="M6.5 19.5c0-3 2.5-5.25 5.5-5.25s5.5 2.25 5.5 5.25M2.5 18c0-2 1.3-3.6 3.2-4M21.5 18c0-2-1.3-3.6-3.2-4" />
    </FeatureIcon>
  );
}

/** A speech bubble with a heart: daily support. */
export function SupportIcon(props: IconProps) {
  return (
    <FeatureIcon {...props}>
      <path d="M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 3.5V17h0A2.5 2.5 0 0 1 4 14.5z" />
      <path d="M12 13.2s-3-1.8-3-3.7a1.6 1.6 0 0 1 3-.8 1.6 1.6 0 0 1 3 .8c0 1.9-3 3.7-3 3.7z" />
    </FeatureIcon>
  );
}

/** A leaf: sustainable. */
export function LeafIcon(props: IconProps) {
  return (
    <FeatureIcon {...props}>
      <path d="M5 19c0-8 5-13.5 14-14-0.5 9-6 14-14 14z" />
      <path d="M5 19c3-4 6-6.5 9.5-8.5" />
    </FeatureIcon>
  );
}

/** A simple circle and line: simple. */
export function SimpleIcon(props: IconProps) {
  return (
    <FeatureIcon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M8 12h8" />
    </FeatureIcon>
  );
}

/** Two hands around a heart: supportive. */
export function HeartHandIcon(props: IconProps) {
  return (
    <FeatureIcon {...props}>
      <path d="M12 11.5S8.5 9.3 8.5 7a2 2 0 0 1 3.5-1.2A2 2 0 0 1 15.5 7c0 2.3-3.5 4.5-3.5 4.5z" />
      <path d="M3 14.5l3.5-1.5c1-.4 2-.3 2.9.2L13 15a1.3 1.3 0 0 1-1.2 2.3L9.5 16.5M3 19.5l2-1 6 1.5 8.5-4a1.5 1.5 0 0 0-1.3-2.7l-4 1.7" />
    </FeatureIcon>
  );
}

/** A dumbbell: training. */
export function DumbbellIcon(props: IconProps) {
  return (
    <FeatureIcon {...props}>
      <path d="M6.5 8v8M17.5 8v8M3.5 10v4M20.5 10v4M6.5 12h11" />
      <rect x="5" y="7" width="3" height="10" rx="1" />
      <rect x="16" y="7" width="3" height="10" rx="1" />
    </FeatureIcon>
  );
}

/** A video camera: video calls. */
export function VideoIcon(props: IconProps) {
  return (
    <FeatureIcon {...props}>
      <rect x="3" y="6.5" width="12.5" height="11" rx="2.5" />
      <path d="M15.5 10.5l5-3v9l-5-3" />
    </FeatureIcon>
  );
}

/** A phone with a message: support in your pocket. */
export function PhoneChatIcon(props: IconProps) {
  return (
    <FeatureIcon {...props}>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M10.5 18.5h3M9 8.5h6M9 11.5h4" />
    </FeatureIcon>
  );
}

/** A certificate ribbon: qualifications. */
export function AwardIcon(props: IconProps) {
  return (
    <FeatureIcon {...props}>
      <circle cx="12" cy="9" r="5.5" />
      <path d="M8.8 13.5L7.5 21l4.5-2.5 4.5 2.5-1.3-7.5" />
      <path d="M10 9l1.5 1.5L14.5 7.5" />
    </FeatureIcon>
  );
}

/** A globe: online, worldwide. */
export function GlobeIcon(props: IconProps) {
  return (
    <FeatureIcon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.5 2.5 3.5 5.5 3.5 8.5s-1 6-3.5 8.5c-2.5-2.5-3.5-5.5-3.5-8.5s1-6 3.5-8.5z" />
    </FeatureIcon>
  );
}

/** A download tray. */
export function DownloadIcon(props: IconProps) {
  return (
    <FeatureIcon {...props}>
      <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5M4.5 17v1.5A1.5 1.5 0 0 0 6 20h12a1.5 1.5 0 0 0 1.5-1.5V17" />
    </FeatureIcon>
  );
}
