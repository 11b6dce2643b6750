// docs/product.md §7.9: the generated avatar is a 200×200 circular initials image on a random one of 12
// background colours, with two letters: the first-name and last-name initials, or the first two
// letters of the first name when there is no last name. White text passes AA on every colour.

export const AVATAR_COLOURS = [
  "#7a3b52", // plum
  "#9c3d54", // berry
  "#a4472c", // terracotta
  "#8a5a00", // ochre
  "#4f6b2a", // olive
  "#2f6b4f", // forest
  "#1f6a6a", // teal
  "#285a8a", // denim
  "#4a4f9c", // indigo
  "#6b3f8f", // violet
  "#8a3a78", // orchid
  "#5b4636", // cocoa
] as const;

/** The two letters of docs/product.md §7.9, upper-cased; letters only (a name never renders markup). */
export function avatarInitials(firstName: string, lastName?: string | null): string {
  const letters = (s: string | null | undefined) => Array.from((s ?? "").normalize("NFC").replace(/[^\p{L}]/gu, ""));
  const first = letters(firstName);
  const last = letters(lastName);
  const pair = last.length > 0 ? [first[0] ?? "", last[0]!] : first.slice(0, 2);
  return pair.join("").toLocaleUpperCase("en-GB") || "?";
}

export function renderInitialsAvatar(
  firstName: string,
  lastName?: string | null,
  random: () => number = Math.random,
): { svg: string; colour: string; initials: string } {
  const initials = avatarInitials(firstName, lastName);
  const colour = AVATAR_COLOURS[Math.floor(random() * AVATAR_COLOURS.length) % AVATAR_COLOURS.length]!;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${initials}">` +
    `<circle cx="100" cy="100" r="100" fill="${colour}"/>` +
    `<text x="100" y="100" dy=".35em" text-anchor="middle" fill="#ffffff" ` +
    `font-family="Helvetica, Arial, sans-serif" font-size="80" font-weight="600">${initials}</text></svg>`;
  return { svg, colour, initials };
}
