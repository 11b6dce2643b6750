import { displayUrl, type DocumentInfo, type PdfSite, type TableColumn } from "~/content/pdf-types";

// The words of the free 28-day workout calendar (docs/product.md §4.10), page by page:
//   1. the 4 × 7 calendar to pin on the fridge, a tick box a day;
//   2. the two strength sessions with their week-by-week progression, walks and mobility;
//   3. each exercise explained, with an easier and a harder option;
//   4. staying safe: warm-up, form, breathing, when to stop and when to see the GP.
// Written for women 40+ starting out in perimenopause or menopause: short sessions at home with
// a chair, a wall and light dumbbells, rest days built in, gradual progression.
// app/server/pdf/calendar.server.ts lays them out on A4 landscape pages. Markup: **bold**, [text](link).

export const CALENDAR_TITLE = "Your 28-Day Strength Calendar";

/** The document's metadata. */
export function calendarDocumentInfo(site: PdfSite): DocumentInfo {
  return {
    title: `${CALENDAR_TITLE} | ${site.businessName}`,
    author: site.coachName,
    subject: "A 28-day beginner strength, walking and mobility plan for women in perimenopause and menopause",
    keywords: ["strength training", "menopause", "perimenopause", "workout calendar", "women over 40"],
    creator: site.businessName,
  };
}

export type DayKind = "strength" | "walk" | "mobility" | "rest";

export interface PlanDay {
  kind: DayKind;
  title: string;
  detail: string[];
}

export interface PlanWeek {
  title: string;
  theme: string;
  days: PlanDay[];
}

const strength = (title: string, ...detail: string[]): PlanDay => ({ kind: "strength", title, detail });
const walk = (...detail: string[]): PlanDay => ({ kind: "walk", title: "Walk", detail });
const mobility = (...detail: string[]): PlanDay => ({ kind: "mobility", title: "Mobility", detail });
const rest = (...detail: string[]): PlanDay => ({ kind: "rest", title: "Rest day", detail });

/** The plan: two strength sessions a week, then three; walks and mobility between; a rest day weekly. */
export const PLAN: PlanWeek[] = [
  {
    title: "Week 1",
    theme: "Learn the moves",
    days: [
      strength("Strength A", "2 rounds × 8 reps", "about 15 minutes"),
      walk("15 minutes,", "easy pace"),
      mobility("10-minute routine"),
      strength("Strength B", "2 rounds × 8 reps", "about 15 minutes"),
      walk("15 minutes,", "easy pace"),
      mobility("10-minute routine"),
      rest("Recover, stretch", "and sleep well"),
    ],
  },
  {
    title: "Week 2",
    theme: "Build confidence",
    days: [
      strength("Strength A", "2 rounds × 10 reps", "about 18 minutes"),
      walk("20 minutes,", "steady pace"),
      mobility("10-minute routine"),
      strength("Strength B", "2 rounds × 10 reps", "about 18 minutes"),
      walk("20 minutes,", "steady pace"),
      mobility("12-minute routine"),
      rest("Recover, stretch", "and sleep well"),
    ],
  },
  {
    title: "Week 3",
    theme: "Add a little load",
    days: [
      strength("Strength A", "3 rounds × 8–10 reps", "about 22 minutes"),
      walk("25 minutes with", "3 brisk minutes"),
      strength("Strength B", "3 rounds × 8–10 reps", "about 22 minutes"),
      mobility("12-minute routine"),
      walk("25 minutes: find", "a hill or stairs"),
      strength("Express A", "2 rounds × 10 reps", "about 15 minutes"),
      rest("Recover, stretch", "and sleep well"),
    ],
  },
  {
    title: "Week 4",
    theme: "Own it",
    days: [
      strength("Strength A", "3 rounds × 10–12", "3-second lowering"),
      walk("30 minutes with", "5 brisk minutes"),
      strength("Strength B", "3 rounds × 10–12", "3-second lowering"),
      mobility("15-minute routine"),
      strength("Strength A", "3 rounds × 10–12", "about 24 minutes"),
      walk("30 minutes,", "your favourite route"),
      rest("Look back at how", "far you've come!"),
    ],
  },
];

/** The name of each kind of day, in the calendar's legend. */
export const DAY_KIND_LABELS: Record<DayKind, string> = {
  strength: "Strength",
  walk: "Walk",
  mobility: "Mobility",
  rest: "Rest",
};

/** Page 1: the calendar. */
export const CALENDAR_PAGE = {
  strapline: "Four weeks of short, doable sessions for perimenopause, menopause and beyond",
  /** The lines to fill in by hand, in the header band. */
  fields: ["Name", "Start date"],
  intro:
    "Tick a box each day you move. **Strength sessions take under 25 minutes, warm-up included.** Swap days to suit your week, keeping a day between strength sessions, and on a rough day choose a walk or mobility instead. It all counts.",
  /** A week's sessions, under its title and theme. */
  weekSummary: (count: (kind: DayKind) => number) =>
    `${count("strength")} strength\n${count("walk")} walks · ${count("mobility")} mobility`,
  dayLabel: (day: number) => `Day ${day}`,
  /** What each kind of day means, after its name. */
  legend: [
    ["strength", "sessions A and B, page 2"],
    ["walk", "talk-but-not-sing pace"],
    ["mobility", "routine on page 2"],
    ["rest", "recover; a gentle stroll is fine"],
  ] satisfies [DayKind, string][],
};

/** Strength sessions: the moves in order and the reps for each week (rounds in the first row). */
export const SESSIONS = [
  {
    name: "Strength A",
    rows: [
      ["Rounds", "2", "2", "3", "3"],
      ["Sit-to-stand", "8", "10", "10, holding a weight", "12, 3 s down"],
      ["Wall press-up", "8", "10", "10, feet further back", "12 at a worktop"],
      ["Bent-over row", "8, light weights", "10", "10, a little heavier", "12, 3 s down"],
      ["Glute bridge", "10", "12", "12, 2 s squeeze", "12, weight on hips"],
      ["Dead bug", "5 each side", "6 each side", "8 each side", "8 each side, slower"],
    ],
  },
  {
    name: "Strength B",
    rows: [
      ["Rounds", "2", "2", "3", "3"],
      ["Supported split squat", "6 each leg", "8 each leg", "8 each leg, deeper", "10 each leg"],
      ["Hip hinge", "8, hands on hips", "10, light weights", "10, a little heavier", "12, 3 s down"],
      ["Overhead press", "8, seated", "10, seated", "10, standing", "12, standing"],
      ["Bird dog", "5 each side", "6 each side", "8 each side", "8 each side, 3 s hold"],
      ["Heel raise", "10", "12", "12 + 10 heel drops", "15 + 15 heel drops"],
    ],
  },
];

export interface Exercise {
  name: string;
  works: string;
  how: string;
  options: string;
}

export const EXERCISES: Exercise[] = [
  {
    name: "Sit-to-stand",
    works: "Thighs, bottom and balance",
    how: "Sit tall near the front of a sturdy chair, feet flat and hip-width apart. Lean forward a little, press through your whole foot and stand tall. Sit back down slowly, with control. Breathe out as you stand.",
    options: "**Easier:** a higher seat, or hands on thighs. **Harder:** hold a weight at your chest.",
  },
  {
    name: "Wall press-up",
    works: "Chest, shoulders and the backs of your arms",
    how: "Hands on the wall at shoulder height, a little wider than your shoulders. Step back so your body is a straight line from head to heels. Bend your elbows to bring your chest towards the wall, then push away.",
    options: "**Easier:** stand closer. **Harder:** step further back, or use a worktop.",
  },
  {
    name: "Bent-over row",
    works: "Upper back and posture",
    how: "A weight in each hand, knees soft. Hinge forward from your hips with a long, flat back, arms hanging. Pull your elbows back towards your hips, squeezing your shoulder blades together, then lower slowly.",
    options: "**Easier:** one arm at a time, other hand on a chair. **Harder:** heavier weights.",
  },
  {
    name: "Glute bridge",
    works: "Bottom, backs of thighs and pelvic support",
    how: "Lie on your back, knees bent, feet flat. Breathe out, gently lift your pelvic floor and press through your heels to raise your hips until your body is a line from shoulders to knees. Lower slowly.",
    options: "**Easier:** a smaller lift. **Harder:** a 2-second squeeze, or a weight on your hips.",
  },
  {
    name: "Dead bug (heel taps)",
    works: "Deep tummy muscles and core control",
    how: "Lie on your back, knees bent over your hips, arms reaching up. Keep your lower back gently on the floor. Breathe out and slowly lower one heel to tap the floor, bring it back, then swap sides.",
    options: "**Easier:** keep one foot down. **Harder:** lower the opposite arm too. A ridge down your tummy? Go easier.",
  },
  {
    name: "Supported split squat",
    works: "Thighs, bottom and balance",
    how: "Stand side-on to a chair, holding it lightly. Take a long step back, back heel lifted. Bend both knees to lower straight down, front knee over the middle of your foot, then press up. Finish one leg, then swap.",
    options: "**Easier:** only a short way down. **Harder:** go deeper, or hold a weight.",
  },
  {
    name: "Hip hinge (Romanian deadlift)",
    works: "Backs of thighs, bottom and back; loads hips and spine",
    how: "Stand tall, knees soft, weights in front of your thighs. Push your hips back as if shutting a car door with your bottom, sliding the weights down your thighs with a long, flat back. Feel the stretch, then stand tall.",
    options: "**Easier:** hands on hips, no weight. **Harder:** heavier, slower lowering.",
  },
  {
    name: "Overhead press",
    works: "Shoulders, arms and upper back",
    how: "Sit tall or stand with soft knees, weights at shoulder height. Breathe out and press up until your arms are straight, without arching your back, then lower slowly. Sore shoulder? Press forwards to shoulder height instead.",
    options: "**Easier:** one arm at a time. **Harder:** standing, or heavier.",
  },
  {
    name: "Bird dog",
    works: "Back, bottom, core and balance",
    how: "On hands and knees, hands under shoulders, knees under hips. Breathe out, slide one leg back and lift it to hip height; if you feel steady, reach the opposite arm forward. Keep your hips level, then swap.",
    options: "**Easier:** move the leg only. **Harder:** hold for 3 seconds.",
  },
  {
    name: "Heel raise and heel drop",
    works: "Calves and ankles; heel drops give bones a jolt they respond to",
    how: "Hold a chair or worktop. Rise onto the balls of your feet, pause and lower slowly. Heel drops (weeks 3–4): rise up, then let your heels drop to the floor with a firm thud. Skip drops with pelvic floor symptoms.",
    options: "**Easier:** fewer reps. Spinal fracture or sore joints? Ask your GP or physio first.",
  },
];

/** Page 2: the sessions, week by week, and how to do them. */
export const SESSIONS_PAGE = {
  title: "Your sessions, week by week",
  columns: [
    { header: "Move (in this order)", weight: 1.35 },
    { header: "Week 1", weight: 1 },
    { header: "Week 2", weight: 1 },
    { header: "Week 3", weight: 1.15 },
    { header: "Week 4", weight: 1.15 },
  ] satisfies TableColumn[],
  tableNote:
    "Numbers are reps for each move in one round. **One round** = the five moves in order, one after another. Rest 60–90 seconds between rounds.",
  howItRuns: {
    title: "How each session runs",
    items: [
      "**Warm up for 5 minutes** (page 4).",
      "**Do one round**, then rest and repeat for the rounds shown.",
      "**Cool down for 2–3 minutes:** gentle stretches and five slow breaths.",
    ],
  },
  effort: {
    title: "How hard should it feel?",
    text: "Finish each set feeling you could do **2 or 3 more good reps**. If you could do lots more, add reps or a little weight next time; if your form slips, go lighter. Aim for 6–7 out of 10 effort in weeks 1–2, and 7–8 in weeks 3–4.",
  },
  walks: {
    title: "Walks",
    text: "Walk at a pace where you can talk but not sing. Brisk minutes: you can still talk, in short sentences. Hills and stairs are a bonus for your heart and bones.",
  },
  mobility: {
    title: "Mobility routine (10–15 minutes)",
    text: "Cat–cow × 8 · open book × 6 each side · hip flexor stretch and hamstring stretch, 30 s each side · ankle circles and shoulder rolls × 10. Finish with five slow breaths and 10 pelvic floor squeezes. Hold stretches a little longer each week.",
  },
  missedDay: {
    title: "Missed a day?",
    text: "No problem: pick up where you left off. Repeat a week if it felt hard; the plan works at your pace.",
  },
  kit: {
    title: "What you need",
    text: "A sturdy chair without wheels, a wall, supportive trainers, a mat or towel, and a pair of light dumbbells (2–4 kg to start) or filled water bottles.",
  },
};

/** Page 3: the exercises explained. */
export const EXERCISES_PAGE = {
  title: "The exercises explained",
  works: (works: string) => `Works: ${works}`,
};

/** Page 4: staying safe, notes for each week and where to get help. */
export const SAFETY_PAGE = {
  title: "Stay safe and get the most from every session",
  warmUp: {
    title: "Warm up every time (5 minutes)",
    items: [
      "March on the spot, swinging your arms: 1 minute",
      "Shoulder rolls and arm circles: 10 each way",
      "Hip circles: 10 each way",
      "Cat–cow on hands and knees: 6 slow reps",
      "5 easy practice reps of your first two moves",
    ],
  },
  form: {
    title: "Good form",
    items: [
      "Move slowly and with control, especially on the way down.",
      "Keep a long spine: tall through the crown of your head.",
      "Knees point the same way as your toes.",
      "Stop a set when your form slips: quality beats quantity.",
    ],
  },
  breathing: {
    title: "Breathing",
    text: "**Breathe out on the effort** (\"blow as you go\") as you stand, push, pull or lift, and in as you lower. Never hold your breath or strain: it raises blood pressure and pushes down on your pelvic floor.",
  },
  stopNow: {
    title: "Stop at once and get medical help if you have",
    items: [
      "chest pain, tightness or pressure",
      "dizziness, faintness or nausea",
      "unusual breathlessness",
      "a racing or irregular heartbeat",
      "a sudden, severe headache",
    ],
    emergency: "Call 999 if chest pain does not ease quickly with rest.",
  },
  stopMove: {
    title: "Stop the move, then rest or swap it, if you feel",
    items: [
      "sharp or stabbing pain, or pain in a joint rather than the working muscle",
      "pain that changes the way you move",
      "leaking, or heaviness or dragging in your pelvis",
    ],
  },
  normal:
    "**Normal:** warm, working muscles, breathing faster, and mild muscle soreness for a day or two afterwards, especially in week 1.",
  gpChecks: {
    title: "Check with your GP before you start if you",
    items: [
      "have a heart condition, chest pain or high blood pressure that isn't under control",
      "have osteoporosis and have broken a bone, especially in your spine",
      "have had surgery, an injury or a joint replacement recently",
      "have dizzy spells, falls or pain you can't explain",
      "take medicines that affect your heart rate or balance, or are unsure exercise is right for you",
    ],
  },
  pelvicHealth:
    "Leaking or heaviness? A **pelvic health physiotherapist** can help: ask your GP, or self-refer where your area allows.",
  listen: {
    title: "Listen to your body",
    text: "Perimenopause brings good weeks and hard ones. After a poor night or on a heavy symptom day, do one round instead of three, or choose mobility. It still counts.",
  },
  notesTitle: "My notes: how did this week feel? What weights did I use?",
  noteWeek: (week: number) => `Week ${week}`,
  /** Where to get help: from the configuration, never typed in. */
  support: (site: PdfSite) => {
    const url = displayUrl(site.siteUrl);
    return `**Questions, or want a plan built around you?** ${site.coachName} at ${site.businessName} is here to help. Book a free consultation at [${url}](${site.siteUrl}/contact#consultation) or email [${site.contactEmail}](mailto:${site.contactEmail}).`;
  },
};
