import { sql } from "drizzle-orm";
import type { CourseKey } from "~/content/courses";
import type { Database } from "~/server/db/client.server";
import { appSettings, courseLessons, courseModules } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";

// The courses installed with the site (docs/product.md §19.7): a Learn to Lift outline ('Before
// you start' and Weeks 1–6, each with a first lesson) and a first Build Stronger Foundations habit
// module, in the coach's voice and marked is_demo for her to replace on the Courses tab.
//
// Installed once per database when the site starts (decision 231): a row of app_settings records
// it, so courses she has emptied stay empty, and a restored backup or a moved database that had
// them is never given a second copy.

export const DEMO_INSTALLED_KEY = "courses.demo-installed";

interface DemoLesson {
  slug: string;
  title: string;
  minutes: number;
  body: string;
}

interface DemoModule {
  course: CourseKey;
  slug: string;
  title: string;
  summary: string;
  opensWeek: number | null;
  lessons: DemoLesson[];
}

export const DEMO_COURSES: DemoModule[] = [
  {
    course: "learn-to-lift",
    slug: "before-you-start",
    title: "Before you start",
    summary: "Everything to set up before week 1: your space, your kit and how the course works.",
    opensWeek: 0,
    lessons: [
      {
        slug: "welcome",
        title: "Welcome to Learn to Lift",
        minutes: 5,
        body: [
          "Welcome, and well done for starting. This course is six weeks of short, steady strength training, written for women in perimenopause and menopause who want to feel capable in their bodies again.",
          "",
          "**How it works**",
          "",
          "- A new week opens every seven days from the cohort's start date.",
          "- Each week has two workouts of under 30 minutes and a short video call.",
          "- Press **Mark complete** at the end of each lesson: your progress bar keeps count, and **Continue** brings you back to where you left off.",
          "",
          "Take your time with this part. There is nothing to prove in week one, only habits to start.",
        ].join("\n"),
      },
      {
        slug: "your-space-and-kit",
        title: "Your space and your kit",
        minutes: 8,
        body: [
          "You need less than you think.",
          "",
          "- A sturdy chair without wheels, and a step or the bottom stair.",
          "- Enough floor to lie down on, with a mat or a folded towel.",
          "- From week 4, a pair of dumbbells. Start lighter than you expect: 2–4 kg is a good first pair for most women.",
          "",
          "Wear comfortable clothes and supportive trainers, keep water nearby, and tell someone at home that this is your time.",
          "",
          "*If you have a health condition, a recent injury or any doubt, check with your GP or physiotherapist before you begin.*",
        ].join("\n"),
      },
    ],
  },
  {
    course: "learn-to-lift",
    slug: "week-1",
    title: "Week 1: Foundations of movement",
    summary: "The four movements every workout builds on: squat, hinge, push and pull.",
    opensWeek: 1,
    lessons: [
      {
        slug: "sit-to-stand",
        title: "The sit-to-stand squat",
        minutes: 12,
        body: [
          "The squat is the movement you already do every time you stand up from a chair. This week we make it deliberate.",
          "",
          "1. Sit tall near the front of your chair, feet hip-width apart.",
          "2. Lean forward slightly, press through your whole foot and stand up.",
          "3. Sit back down slowly, counting to three.",
          "",
          "Do **2 sets of 8**, resting a minute between sets. If it feels easy, cross your arms over your chest. If it feels hard, put your hands on your thighs to help.",
        ].join("\n"),
      },
      {
        slug: "wall-press-up",
        title: "The wall press-up",
        minutes: 10,
        body: [
          "Stand an arm's length from a wall, hands on it at shoulder height. Bend your elbows to bring your chest towards the wall, then push away.",
          "",
          "Keep your body in one straight line from heels to head, and breathe out as you push. Do **2 sets of 10**.",
          "",
          "Most women feel this in their chest and the backs of their arms by the next day. That's normal, and it fades as you get stronger.",
        ].join("\n"),
      },
    ],
  },
  {
    course: "learn-to-lift",
    slug: "week-2",
    title: "Week 2: Building the habit",
    summary: "Same movements, a little more of them, and a plan for the weeks that go sideways.",
    opensWeek: 2,
    lessons: [
      {
        slug: "hip-hinge",
        title: "The hip hinge",
        minutes: 12,
        body: [
          "The hinge protects your back every time you pick something up. Stand with soft knees, hands on your hips, and push your hips back as if closing a drawer behind you. Your back stays long; your chest moves forward. Squeeze your bottom to stand tall.",
          "",
          "Do **3 sets of 8**. Watch yourself side-on in a mirror or window for the first set.",
        ].join("\n"),
      },
    ],
  },
  {
    course: "learn-to-lift",
    slug: "week-3",
    title: "Week 3: Balance and control",
    summary: "Single-leg work and slower lowering for stronger knees and steadier balance.",
    opensWeek: 3,
    lessons: [
      {
        slug: "step-ups",
        title: "Step-ups",
        minutes: 12,
        body: [
          "Stand facing your step. Put your whole right foot on it, press through the heel and step up; step down slowly with the left foot. Do **8 each side**, holding a wall or banister if you need to.",
          "",
          "Balance improves quickly with practice, and it matters more every year: it's one of the best things you can do to prevent falls.",
        ].join("\n"),
      },
    ],
  },
  {
    course: "learn-to-lift",
    slug: "week-4",
    title: "Week 4: Adding weight",
    summary: "Your first dumbbells: how to choose, hold and progress them.",
    opensWeek: 4,
    lessons: [
      {
        slug: "goblet-squat",
        title: "The goblet squat",
        minutes: 14,
        body: [
          "Hold one dumbbell upright against your chest with both hands, elbows tucked in. Squat to your chair as in week 1, touch it lightly, and stand.",
          "",
          "Choose a weight you could lift about four more times at the end of each set. Do **3 sets of 8**. When all three sets feel comfortable two sessions in a row, move up a size.",
        ].join("\n"),
      },
    ],
  },
  {
    course: "learn-to-lift",
    slug: "week-5",
    title: "Week 5: Getting stronger",
    summary: "More load, fewer rests, and how to read your energy on the day.",
    opensWeek: 5,
    lessons: [
      {
        slug: "one-arm-row",
        title: "The one-arm row",
        minutes: 14,
        body: [
          "Put your left hand and knee on your chair, right foot on the floor, and let a dumbbell hang from your right hand. Pull it up towards your hip, elbow close to your side, then lower it slowly.",
          "",
          "Do **3 sets of 10 each side**. On a low-energy day, keep the weight and do two sets: showing up counts.",
        ].join("\n"),
      },
    ],
  },
  {
    course: "learn-to-lift",
    slug: "week-6",
    title: "Week 6: Your programme for life",
    summary: "Putting it all together, and how to keep progressing after the course.",
    opensWeek: 6,
    lessons: [
      {
        slug: "your-programme",
        title: "Your programme from here",
        minutes: 10,
        body: [
          "You now have a full-body programme: squat, hinge, push, pull and a step-up. Keep training twice a week, and add a little every fortnight: one more repetition, one more set, or the next dumbbell up.",
          "",
          "Look back at week 1. Notice what feels easier now. That is strength, and it's yours to keep.",
        ].join("\n"),
      },
    ],
  },
  {
    course: "build-stronger-foundations",
    slug: "make-room-for-movement",
    title: "Habit 1: Make room for movement",
    summary: "The first habit: a small, regular slot for moving that survives a busy week.",
    opensWeek: null,
    lessons: [
      {
        slug: "why-small-works",
        title: "Why small works",
        minutes: 6,
        body: [
          "Big plans fail on ordinary weeks. Small ones survive them. This month we build one habit: a short, regular slot for moving your body.",
          "",
          "Choose something so easy it feels almost silly: five minutes of walking after lunch, or three sit-to-stands while the kettle boils. You're training the habit first, not your muscles.",
        ].join("\n"),
      },
      {
        slug: "anchor-your-habit",
        title: "Anchor it to your day",
        minutes: 8,
        body: [
          "Attach your new habit to something you already do every day.",
          "",
          "- *After I pour my first coffee, I do five sit-to-stands.*",
          "- *After I park the car, I walk one lap of the car park.*",
          "",
          "Write your sentence down and put it where you will see it. Tick each day you do it on a calendar; a tick on a hard day is worth two on an easy one.",
        ].join("\n"),
      },
    ],
  },
];

/**
 * Installs the demo courses unless this database has had them: one transaction under a lock, so two
 * servers starting together install them once. True when it installed them now.
 */
export async function installDemoCourses(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${DEMO_INSTALLED_KEY}))`);
    const [done] = await tx.select({ key: appSettings.key }).from(appSettings).where(sql`${appSettings.key} = ${DEMO_INSTALLED_KEY}`);
    if (done) return false;
    for (const [index, module] of DEMO_COURSES.entries()) {
      const [row] = await tx
        .insert(courseModules)
        .values({ courseKey: module.course, slug: module.slug, title: module.title, summary: module.summary, opensWeek: module.opensWeek, position: index + 1, isDemo: true })
        .onConflictDoNothing()
        .returning({ id: courseModules.id });
      if (!row) continue; // she already has a module at this address
      await tx.insert(courseLessons).values(
        module.lessons.map((lesson, position) => ({ moduleId: row.id, slug: lesson.slug, title: lesson.title, body: lesson.body, minutes: lesson.minutes, position: position + 1, isDemo: true })),
      );
    }
    await tx.insert(appSettings).values({ key: DEMO_INSTALLED_KEY, value: { at: new Date().toISOString() } });
    logger.info("installed the demo courses for the coach to replace");
    return true;
  });
}
