import { Badge } from "~/components/ui/badge";

/** Across the top of the test provider's own pages: nothing here is real (docs/product.md §8.6). */
export function TestModeBanner() {
  return (
    <div className="border-b border-warning-200 bg-warning-50">
      <p className="container-page flex flex-wrap items-center gap-3 py-3 text-base text-warning-800">
        <Badge variant="warning" className="text-sm tracking-wider">
          TEST MODE
        </Badge>
        This is the site&apos;s built-in test checkout. No card is charged and no money moves.
      </p>
    </div>
  );
}
