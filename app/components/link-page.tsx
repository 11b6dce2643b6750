import type { ReactNode } from "react";
import { Card, CardContent } from "~/components/ui/card";

/**
 * The page an emailed link opens (a confirmation, an undo, an unsubscribe): one card in the middle
 * of the sand background, its icon, title, words and button stacked (docs/security.md, "Links in
 * emails": the page asks before anything changes).
 */
export function LinkPage({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="section-y flex flex-1 items-center bg-linear-to-b from-sand-100 to-sand-50">
      <div className="container-prose">
        <Card>
          <CardContent className="flex flex-col items-start gap-5">{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}
