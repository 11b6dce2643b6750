// A course's progress (docs/product.md §19.4): a bar and its words, '25% complete'. A native
// <progress> would be announced the same way; this one is drawn in the brand's colours and its
// number is in the text, so nothing depends on how a browser styles the element.

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}% complete`}
        className="h-3 w-full overflow-hidden rounded-full bg-sand-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${value}%` }} />
      </div>
      <p className="text-base font-semibold text-ink">{value}% complete</p>
    </div>
  );
}
