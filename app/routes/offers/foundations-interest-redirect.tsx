import { redirect } from "react-router";
import type { Route } from "./+types/foundations-interest-redirect";

// docs/product.md §2.1: /build-stronger-foundations/interest is the second reading of the waitlist address.
export function loader({ url }: Route.LoaderArgs) {
  return redirect(`/build-stronger-foundations-interest${url.search}`, 301);
}
