// The coach's route slug (docs/product.md §15) is read at build time by the route table and at run time by
// the server, with this one rule, so the two always agree.

export const DEFAULT_COACH_SLUG = "jo";

/** Lower-case ASCII slug of a first name: "Jo" gives "jo", "Zoë Ann" gives "zoe-ann". */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function coachSlugFromEnv(env: Record<string, string | undefined>): string {
  const explicit = env.COACH_SLUG?.trim();
  if (explicit) return explicit;
  const name = env.COACH_NAME?.trim();
  return name ? slugify(name) || DEFAULT_COACH_SLUG : DEFAULT_COACH_SLUG;
}
