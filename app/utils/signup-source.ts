import type { Product } from "~/config/catalogue";

// docs/product.md §7.2: a member's signup_source (and initial_signup) comes from the page she signed up on.
// A page of one of the three offers (its sales page, checkout or interest page) gives that
// offer's name from the catalogue: 'Build Stronger Foundations', 'Learn to Lift', or the 1-to-1
// plan's name ('Stronger with Jo' for the demo coach). Any other page gives its path's words
// ("/coaching-services" → "Coaching Services"); the home page, or no page at all, gives 'direct'.

export const DEFAULT_SIGNUP_SOURCE = "direct";

export function signupSourceFromPath(
  pathname: string | null | undefined,
  catalogue: readonly Pick<Product, "productKey" | "name">[],
): string {
  const path = (pathname ?? "").split(/[?#]/)[0]!.toLowerCase();
  const segments = path.split("/").filter(Boolean);
  if (segments.length === 0) return DEFAULT_SIGNUP_SOURCE;
  // Longest key first, so one product's key that starts another's can never shadow it.
  const products = [...catalogue].sort((a, b) => b.productKey.length - a.productKey.length);
  for (const segment of segments) {
    const product = products.find((p) => segment === p.productKey || segment.startsWith(`${p.productKey}-`));
    if (product) return product.name;
  }
  const words = segments
    .join(" ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word[0]!.toLocaleUpperCase("en-GB") + word.slice(1));
  return words.length > 0 ? words.join(" ").slice(0, 100) : DEFAULT_SIGNUP_SOURCE;
}
