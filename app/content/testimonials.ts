// docs/product.md §4.9.
//
// NOTE: these are illustrative testimonials written for the demo coach. Before a real launch the
// coach replaces them with her own clients' words, used with their permission: publishing
// invented reviews as genuine is unlawful in the UK (Digital Markets, Competition and Consumers
// Act 2024). First names and ages only, never surnames.

export interface Testimonial {
  quote: string;
  name: string;
  age: number;
}

export const testimonials: Testimonial[] = [
  {
    quote:
      "I'd never lifted anything heavier than a shopping bag. Six weeks in, I deadlifted my own suitcase into the loft and actually laughed out loud.",
    name: "Karen",
    age: 52,
  },
  {
    quote:
      "The hot flushes didn't vanish, but I stopped feeling at the mercy of my body. I sleep better on training days and I'm calmer on the rest.",
    name: "Priya",
    age: 48,
  },
  {
    quote:
      "My bone scan worried me. Now I have a plan I understand, two short workouts a week, and a coach who answers my questions without making me feel daft.",
    name: "Helen",
    age: 61,
  },
  {
    quote:
      "I've started and stopped a dozen programmes. This is the first one built around my real week: school runs, work, and days when I'm just tired.",
    name: "Siobhan",
    age: 45,
  },
  {
    quote:
      "The group calls are the highlight of my month. Everyone is at a different stage, and nobody pretends it's easy. I always come away lighter.",
    name: "Margaret",
    age: 57,
  },
  {
    quote:
      "My knees used to ache on the stairs. Strength work, done properly and slowly, has given me my legs back. I wish I'd started at forty.",
    name: "Anita",
    age: 54,
  },
];
