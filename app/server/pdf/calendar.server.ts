import type { PDFPage, RGB } from "pdf-lib";
import {
  A4_LANDSCAPE,
  Column,
  colours,
  createDocument,
  displayUrl,
  drawBox,
  drawBrandMark,
  drawFooters,
  drawTable,
  drawText,
  drawTickBox,
  type Fonts,
  type PdfSite,
  type TableStyle,
  type TextStyle,
} from "./layout.server";

// The free 28-day workout calendar (docs/product.md §4.10): four pages of A4 landscape.
//   1. the 4 × 7 calendar to pin on the fridge, a tick box a day;
//   2. the two strength sessions with their week-by-week progression, walks and mobility;
//   3. each exercise explained, with an easier and a harder option;
//   4. staying safe: warm-up, form, breathing, when to stop and when to see the GP.
// Written for women 40+ starting out in perimenopause or menopause: short sessions at home with
// a chair, a wall and light dumbbells, rest days built in, gradual progression.

export const CALENDAR_FILE = "28-day-workout-calendar.pdf";
export const CALENDAR_TITLE = "Your 28-Day Strength Calendar";

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

const KIND_STYLE: Record<DayKind, { label: string; fill: RGB; text: RGB }> = {
  strength: { label: "Strength", fill: colours.brand700, text: colours.white },
  walk: { label: "Walk", fill: colours.accent300, text: colours.brand950 },
  mobility: { label: "Mobility", fill: colours.brand100, text: colours.brand800 },
  rest: { label: "Rest", fill: colours.sand200, text: colours.ink },
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

function styles(fonts: Fonts) {
  const body: TextStyle = { font: fonts.sans, bold: fonts.sansBold, size: 9.5, leading: 13.5, color: colours.ink };
  return {
    body,
    small: { ...body, size: 8.5, leading: 11.5, color: colours.inkMuted, boldColor: colours.ink } satisfies TextStyle,
    muted: { ...body, color: colours.inkMuted, boldColor: colours.ink } satisfies TextStyle,
    h2: { font: fonts.serifBold, size: 15, leading: 19, color: colours.brand900 } satisfies TextStyle,
    h3: { font: fonts.sansBold, size: 10.5, leading: 14, color: colours.brand700 } satisfies TextStyle,
    kicker: { font: fonts.sansBold, size: 8, leading: 11, color: colours.accent700 } satisfies TextStyle,
  };
}

const MARGIN = 36;
const [WIDTH, HEIGHT] = A4_LANDSCAPE;
const CONTENT_BOTTOM = HEIGHT - 44;

/** The heading of pages 2–4: the mark, a kicker and the page's title. */
function pageHeader(page: PDFPage, fonts: Fonts, title: string) {
  drawBrandMark(page, MARGIN, 26, 30);
  const s = styles(fonts);
  drawText(page, CALENDAR_TITLE.toUpperCase(), s.kicker, { x: MARGIN + 42, top: 24, width: 400 });
  drawText(page, title, { ...s.h2, size: 20, leading: 24 }, { x: MARGIN + 42, top: 35, width: 600 });
  const y = HEIGHT - 68;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.8, color: colours.sand300 });
}

function calendarPage(page: PDFPage, fonts: Fonts) {
  const s = styles(fonts);
  // Header band.
  drawBox(page, 0, 0, WIDTH, 84, { fill: colours.brand700 });
  drawBrandMark(page, MARGIN, 20, 44, "light");
  drawText(page, CALENDAR_TITLE, { font: fonts.serifBold, size: 27, leading: 30, color: colours.white }, {
    x: MARGIN + 58,
    top: 16,
    width: 470,
  });
  drawText(page, "Four weeks of short, doable sessions for perimenopause, menopause and beyond", {
    font: fonts.sans,
    size: 11,
    leading: 14,
    color: colours.accent200,
  }, { x: MARGIN + 58, top: 50, width: 470 });
  const fieldX = WIDTH - MARGIN - 200;
  for (const [label, top] of [["Name", 22], ["Start date", 48]] as const) {
    drawText(page, label, { font: fonts.sansBold, size: 9, leading: 12, color: colours.brand100 }, { x: fieldX, top, width: 60 });
    const y = HEIGHT - (top + 12);
    page.drawLine({ start: { x: fieldX + 58, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.8, color: colours.brand200 });
  }

  drawText(
    page,
    "Tick a box each day you move. **Strength sessions take under 25 minutes, warm-up included.** Swap days to suit your week, keeping a day between strength sessions, and on a rough day choose a walk or mobility instead. It all counts.",
    s.muted,
    { x: MARGIN, top: 94, width: WIDTH - MARGIN * 2 },
  );

  // The grid: a label column, then seven days a week.
  const gridTop = 130;
  const gap = 6;
  const rowGap = 7;
  const labelWidth = 104;
  const cellWidth = (WIDTH - MARGIN * 2 - labelWidth - gap * 7) / 7;
  const rowHeight = 93;
  PLAN.forEach((week, w) => {
    const top = gridTop + w * (rowHeight + rowGap);
    drawBox(page, MARGIN, top, labelWidth, rowHeight, { fill: colours.sand100, radius: 8 });
    drawText(page, week.title, { ...s.h2, size: 16 }, { x: MARGIN + 10, top: top + 10, width: labelWidth - 20 });
    drawText(page, week.theme, { ...s.h3, size: 9.5, leading: 12 }, { x: MARGIN + 10, top: top + 31, width: labelWidth - 20 });
    const count = (kind: DayKind) => week.days.filter((d) => d.kind === kind).length;
    drawText(
      page,
      `${count("strength")} strength\n${count("walk")} walks · ${count("mobility")} mobility`,
      { ...s.small, size: 8, leading: 10.5 },
      { x: MARGIN + 10, top: top + 59, width: labelWidth - 16 },
    );

    week.days.forEach((day, d) => {
      const x = MARGIN + labelWidth + gap + d * (cellWidth + gap);
      const kind = KIND_STYLE[day.kind];
      drawBox(page, x, top, cellWidth, rowHeight, { fill: colours.white, border: colours.sand300, borderWidth: 0.8, radius: 8 });
      // A coloured strip with square lower corners across the top of the cell.
      drawBox(page, x, top, cellWidth, 19, { fill: kind.fill, radius: 8 });
      drawBox(page, x, top + 10, cellWidth, 9, { fill: kind.fill });
      const strip: TextStyle = { font: fonts.sansBold, size: 8.5, leading: 19, color: kind.text };
      drawText(page, `Day ${w * 7 + d + 1}`, strip, { x: x + 8, top, width: cellWidth - 16 });
      drawText(page, day.title, { font: fonts.sansBold, size: 10.5, leading: 14, color: colours.ink }, {
        x: x + 8,
        top: top + 24,
        width: cellWidth - 14,
      });
      drawText(page, day.detail.join("\n"), { ...s.small, size: 8, leading: 10.5 }, { x: x + 8, top: top + 40, width: cellWidth - 12 });
      drawTickBox(page, x + cellWidth - 21, top + rowHeight - 21, 13, colours.brand700);
    });
  });

  // Legend.
  const legendTop = gridTop + 4 * rowHeight + 3 * rowGap + 8;
  let x = MARGIN;
  const legend: [DayKind, string][] = [
    ["strength", "sessions A and B, page 2"],
    ["walk", "talk-but-not-sing pace"],
    ["mobility", "routine on page 2"],
    ["rest", "recover; a gentle stroll is fine"],
  ];
  for (const [kind, note] of legend) {
    const style = KIND_STYLE[kind];
    drawBox(page, x, legendTop + 2, 10, 10, { fill: style.fill, radius: 2.5, border: colours.sand300, borderWidth: 0.5 });
    const text = `**${style.label}:** ${note}`;
    const width = 162;
    drawText(page, text, { ...s.small, size: 8.5 }, { x: x + 15, top: legendTop, width });
    x += width + 20;
  }
}

function sessionsPage(page: PDFPage, fonts: Fonts) {
  const s = styles(fonts);
  pageHeader(page, fonts, "Your sessions, week by week");
  const leftWidth = 470;
  const left = new Column(page, MARGIN, 84, leftWidth, CONTENT_BOTTOM, "calendar page 2, left");
  const table: TableStyle = {
    header: { font: fonts.sansBold, size: 8.5, leading: 11, color: colours.white },
    body: { ...s.small, color: colours.ink, size: 8.5, leading: 11 },
    firstColumn: { font: fonts.sansBold, size: 8.5, leading: 11, color: colours.brand900 },
    headerFill: colours.brand700,
    stripeFill: colours.sand100,
    rule: colours.sand200,
    padding: 5,
  };
  const columns = [
    { header: "Move (in this order)", weight: 1.35 },
    { header: "Week 1", weight: 1 },
    { header: "Week 2", weight: 1 },
    { header: "Week 3", weight: 1.15 },
    { header: "Week 4", weight: 1.15 },
  ];
  for (const session of SESSIONS) {
    left.text(session.name, s.h2, 4);
    const rows = session.rows;
    left.top += drawTable(page, columns, rows, { x: left.x, top: left.top, width: leftWidth }, table);
    left.space(14);
  }
  left.text(
    "Numbers are reps for each move in one round. **One round** = the five moves in order, one after another. Rest 60–90 seconds between rounds.",
    s.muted,
  );

  const rightX = MARGIN + leftWidth + 28;
  const right = new Column(page, rightX, 84, WIDTH - MARGIN - rightX, CONTENT_BOTTOM, "calendar page 2, right");
  right
    .text("How each session runs", s.h3, 3)
    .bullets(
      [
        "**Warm up for 5 minutes** (page 4).",
        "**Do one round**, then rest and repeat for the rounds shown.",
        "**Cool down for 2–3 minutes:** gentle stretches and five slow breaths.",
      ],
      s.body,
      colours.accent400,
      9,
    )
    .text("How hard should it feel?", s.h3, 3)
    .text(
      "Finish each set feeling you could do **2 or 3 more good reps**. If you could do lots more, add reps or a little weight next time; if your form slips, go lighter. Aim for 6–7 out of 10 effort in weeks 1–2, and 7–8 in weeks 3–4.",
      s.body,
      9,
    )
    .text("Walks", s.h3, 3)
    .text(
      "Walk at a pace where you can talk but not sing. Brisk minutes: you can still talk, in short sentences. Hills and stairs are a bonus for your heart and bones.",
      s.body,
      9,
    )
    .text("Mobility routine (10–15 minutes)", s.h3, 3)
    .text(
      "Cat–cow × 8 · open book × 6 each side · hip flexor stretch and hamstring stretch, 30 s each side · ankle circles and shoulder rolls × 10. Finish with five slow breaths and 10 pelvic floor squeezes. Hold stretches a little longer each week.",
      s.body,
      9,
    )
    .text("Missed a day?", s.h3, 3)
    .text(
      "No problem: pick up where you left off. Repeat a week if it felt hard; the plan works at your pace.",
      s.body,
      9,
    )
    .text("What you need", s.h3, 3)
    .text(
      "A sturdy chair without wheels, a wall, supportive trainers, a mat or towel, and a pair of light dumbbells (2–4 kg to start) or filled water bottles.",
      s.body,
    );
}

function exercisesPage(page: PDFPage, fonts: Fonts) {
  const s = styles(fonts);
  pageHeader(page, fonts, "The exercises explained");
  const gutter = 24;
  const columnWidth = (WIDTH - MARGIN * 2 - gutter) / 2;
  const columns = [
    new Column(page, MARGIN, 82, columnWidth, CONTENT_BOTTOM, "calendar page 3, Strength A"),
    new Column(page, MARGIN + columnWidth + gutter, 82, columnWidth, CONTENT_BOTTOM, "calendar page 3, Strength B"),
  ];
  const name: TextStyle = { font: fonts.serifBold, size: 12, leading: 14, color: colours.brand900 };
  const text: TextStyle = { ...s.body, size: 9, leading: 11.8 };
  EXERCISES.forEach((exercise, index) => {
    const column = columns[index < 5 ? 0 : 1]!;
    if (index % 5 === 0) column.text(index < 5 ? "Strength A" : "Strength B", { ...s.kicker, size: 8.5 }, 2);
    const badge = String(index + 1);
    drawBox(page, column.x, column.top + 1, 13, 13, { fill: colours.accent300, radius: 6.5 });
    drawText(page, badge, { font: fonts.sansBold, size: 7.5, leading: 13, color: colours.brand950 }, {
      x: column.x,
      top: column.top + 1,
      width: 13,
      align: "center",
    });
    column.text(exercise.name, name, 0, 18);
    column.text(`Works: ${exercise.works}`, { ...text, font: fonts.sansItalic, color: colours.inkMuted }, 1, 18);
    column.text(exercise.how, text, 1, 18);
    column.text(exercise.options, { ...text, color: colours.inkMuted, boldColor: colours.brand700 }, 7, 18);
  });
}

/** Top of the notes area on page 4, above the support box. */
const NOTES_TOP = CONTENT_BOTTOM - 52 - 96;

function safetyPage(page: PDFPage, fonts: Fonts, site: PdfSite) {
  const s = styles(fonts);
  pageHeader(page, fonts, "Stay safe and get the most from every session");
  const gutter = 20;
  const columnWidth = (WIDTH - MARGIN * 2 - gutter * 2) / 3;
  const column = (i: number, name: string) =>
    new Column(page, MARGIN + i * (columnWidth + gutter), 84, columnWidth, NOTES_TOP - 12, name);
  const text: TextStyle = { ...s.body, size: 9.5, leading: 13 };

  column(0, "calendar page 4, column 1")
    .text("Warm up every time (5 minutes)", s.h3, 3)
    .bullets(
      [
        "March on the spot, swinging your arms: 1 minute",
        "Shoulder rolls and arm circles: 10 each way",
        "Hip circles: 10 each way",
        "Cat–cow on hands and knees: 6 slow reps",
        "5 easy practice reps of your first two moves",
      ],
      text,
      colours.accent400,
      9,
    )
    .text("Good form", s.h3, 3)
    .bullets(
      [
        "Move slowly and with control, especially on the way down.",
        "Keep a long spine: tall through the crown of your head.",
        "Knees point the same way as your toes.",
        "Stop a set when your form slips: quality beats quantity.",
      ],
      text,
      colours.accent400,
      9,
    )
    .text("Breathing", s.h3, 3)
    .text(
      "**Breathe out on the effort** (\"blow as you go\") as you stand, push, pull or lift, and in as you lower. Never hold your breath or strain: it raises blood pressure and pushes down on your pelvic floor.",
      text,
    );

  column(1, "calendar page 4, column 2")
    .text("Stop at once and get medical help if you have", s.h3, 3)
    .bullets(
      [
        "chest pain, tightness or pressure",
        "dizziness, faintness or nausea",
        "unusual breathlessness",
        "a racing or irregular heartbeat",
        "a sudden, severe headache",
      ],
      text,
      colours.brand700,
      3,
    )
    .text("Call 999 if chest pain does not ease quickly with rest.", { ...text, font: fonts.sansBold, color: colours.brand800 }, 9)
    .text("Stop the move, then rest or swap it, if you feel", s.h3, 3)
    .bullets(
      [
        "sharp or stabbing pain, or pain in a joint rather than the working muscle",
        "pain that changes the way you move",
        "leaking, or heaviness or dragging in your pelvis",
      ],
      text,
      colours.brand700,
      5,
    )
    .text(
      "**Normal:** warm, working muscles, breathing faster, and mild muscle soreness for a day or two afterwards, especially in week 1.",
      text,
    );

  column(2, "calendar page 4, column 3")
    .text("Check with your GP before you start if you", s.h3, 3)
    .bullets(
      [
        "have a heart condition, chest pain or high blood pressure that isn't under control",
        "have osteoporosis and have broken a bone, especially in your spine",
        "have had surgery, an injury or a joint replacement recently",
        "have dizzy spells, falls or pain you can't explain",
        "take medicines that affect your heart rate or balance, or are unsure exercise is right for you",
      ],
      text,
      colours.brand700,
      5,
    )
    .text(
      "Leaking or heaviness? A **pelvic health physiotherapist** can help: ask your GP, or self-refer where your area allows.",
      text,
      9,
    )
    .text("Listen to your body", s.h3, 3)
    .text(
      "Perimenopause brings good weeks and hard ones. After a poor night or on a heavy symptom day, do one round instead of three, or choose mobility. It still counts.",
      text,
    );

  // A place to note how each week felt.
  drawText(page, "My notes: how did this week feel? What weights did I use?", s.h3, { x: MARGIN, top: NOTES_TOP, width: 500 });
  const noteWidth = (WIDTH - MARGIN * 2 - gutter * 3) / 4;
  for (let week = 0; week < 4; week++) {
    const x = MARGIN + week * (noteWidth + gutter);
    drawText(page, `Week ${week + 1}`, { ...s.small, font: fonts.sansBold, color: colours.brand900 }, { x, top: NOTES_TOP + 18, width: noteWidth });
    for (let line = 1; line <= 3; line++) {
      const y = HEIGHT - (NOTES_TOP + 18 + line * 18);
      page.drawLine({ start: { x, y }, end: { x: x + noteWidth, y }, thickness: 0.6, color: colours.sand300 });
    }
  }

  // Where to get help: from the configuration, never typed in.
  const top = CONTENT_BOTTOM - 52;
  drawBox(page, MARGIN, top, WIDTH - MARGIN * 2, 50, { fill: colours.brand50, border: colours.brand200, borderWidth: 0.8, radius: 10 });
  drawBrandMark(page, MARGIN + 12, top + 10, 30);
  const url = displayUrl(site.siteUrl);
  drawText(
    page,
    `**Questions, or want a plan built around you?** ${site.coachName} at ${site.businessName} is here to help. Book a free consultation at [${url}](${site.siteUrl}/contact#consultation) or email [${site.contactEmail}](mailto:${site.contactEmail}).`,
    { ...s.body, boldColor: colours.brand900 },
    { x: MARGIN + 54, top: top + 11, width: WIDTH - MARGIN * 2 - 70 },
  );
}

/** Renders the calendar for a site's configuration. */
export async function renderCalendarPdf(site: PdfSite): Promise<Uint8Array> {
  const { doc, fonts } = await createDocument({
    title: `${CALENDAR_TITLE} | ${site.businessName}`,
    author: site.coachName,
    subject: "A 28-day beginner strength, walking and mobility plan for women in perimenopause and menopause",
    keywords: ["strength training", "menopause", "perimenopause", "workout calendar", "women over 40"],
    creator: site.businessName,
  });
  calendarPage(doc.addPage(A4_LANDSCAPE), fonts);
  sessionsPage(doc.addPage(A4_LANDSCAPE), fonts);
  exercisesPage(doc.addPage(A4_LANDSCAPE), fonts);
  safetyPage(doc.addPage(A4_LANDSCAPE), fonts, site);
  drawFooters(doc, fonts, `${site.businessName} · ${displayUrl(site.siteUrl)} · ${site.contactEmail}`, MARGIN);
  return doc.save();
}
