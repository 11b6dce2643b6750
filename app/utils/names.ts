// How a person's name is put together for display (docs/product.md §9.2: first name required,
// last name optional). The one place the rule lives; callers choose what stands in when there
// is no name (her email address, "Name not given", nothing).

/** First and last name, whatever is there, trimmed and joined by a space; "" when neither. */
export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
}
