// The courses of the members' area (docs/product.md §19): their names, the line under them, their
// sales pages and their addresses. Plain data, for the pages and the server alike.

export const COURSE_KEYS = ["learn-to-lift", "build-stronger-foundations"] as const;
export type CourseKey = (typeof COURSE_KEYS)[number];

export const COURSES: Record<CourseKey, { title: string; salesPath: string; intro: string }> = {
  "learn-to-lift": {
    title: "Learn to Lift",
    salesPath: "/learn-to-lift",
    intro: "Six weeks of short, steady strength training. A new week opens every seven days from your cohort's start date.",
  },
  "build-stronger-foundations": {
    title: "Build Stronger Foundations",
    salesPath: "/build-stronger-foundations",
    intro: "The habits and mindset that make exercise stick, one small step at a time.",
  },
};

export const isCourseKey = (value: string): value is CourseKey => (COURSE_KEYS as readonly string[]).includes(value);

export const coursePath = (course: CourseKey) => `/learn/${course}`;
export const lessonPath = (course: CourseKey, moduleSlug: string, lessonSlug: string) => `/learn/${course}/${moduleSlug}/${lessonSlug}`;
