import type { PDFPage, RGB } from "pdf-lib";
import {
  CALENDAR_PAGE,
  CALENDAR_TITLE,
  DAY_KIND_LABELS,
  EXERCISES,
  EXERCISES_PAGE,
  PLAN,
  SAFETY_PAGE,
  SESSIONS,
  SESSIONS_PAGE,
  calendarDocumentInfo,
  type DayKind,
} from "~/content/calendar-pdf";
import {
  A4_LANDSCAPE,
  Column,
  colours,
  createDocument,
  drawBox,
  drawBrandMark,
  drawFooters,
  drawTable,
  drawText,
  drawTickBox,
  pdfFooter,
  type Fonts,
  type PdfSite,
  type TableStyle,
  type TextStyle,
} from "./layout.server";

// The free 28-day workout calendar (docs/product.md §4.10): four pages of A4 landscape, laid out
// here with the words of app/content/calendar-pdf.ts.
//   1. the 4 × 7 calendar to pin on the fridge, a tick box a day;
//   2. the two strength sessions with their week-by-week progression, walks and mobility;
//   3. each exercise explained, with an easier and a harder option;
//   4. staying safe: warm-up, form, breathing, when to stop and when to see the GP.

// Offered here too, as the renderer and its words are tested together.
export { EXERCISES, PLAN };

export const CALENDAR_FILE = "28-day-workout-calendar.pdf";

/** The colours of each kind of day, in the calendar and its legend. */
const KIND_STYLE: Record<DayKind, { fill: RGB; text: RGB }> = {
  strength: { fill: colours.brand700, text: colours.white },
  walk: { fill: colours.accent300, text: colours.brand950 },
  mobility: { fill: colours.brand100, text: colours.brand800 },
  rest: { fill: colours.sand200, text: colours.ink },
};

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
  drawText(page, CALENDAR_PAGE.strapline, {
    font: fonts.sans,
    size: 11,
    leading: 14,
    color: colours.accent200,
  }, { x: MARGIN + 58, top: 50, width: 470 });
  const fieldX = WIDTH - MARGIN - 200;
  CALENDAR_PAGE.fields.forEach((label, index) => {
    const top = 22 + index * 26;
    drawText(page, label, { font: fonts.sansBold, size: 9, leading: 12, color: colours.brand100 }, { x: fieldX, top, width: 60 });
    const y = HEIGHT - (top + 12);
    page.drawLine({ start: { x: fieldX + 58, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.8, color: colours.brand200 });
  });

  drawText(page, CALENDAR_PAGE.intro, s.muted, { x: MARGIN, top: 94, width: WIDTH - MARGIN * 2 });

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
    drawText(page, CALENDAR_PAGE.weekSummary(count), { ...s.small, size: 8, leading: 10.5 }, {
      x: MARGIN + 10,
      top: top + 59,
      width: labelWidth - 16,
    });

    week.days.forEach((day, d) => {
      const x = MARGIN + labelWidth + gap + d * (cellWidth + gap);
      const kind = KIND_STYLE[day.kind];
      drawBox(page, x, top, cellWidth, rowHeight, { fill: colours.white, border: colours.sand300, borderWidth: 0.8, radius: 8 });
      // A coloured strip with square lower corners across the top of the cell.
      drawBox(page, x, top, cellWidth, 19, { fill: kind.fill, radius: 8 });
      drawBox(page, x, top + 10, cellWidth, 9, { fill: kind.fill });
      const strip: TextStyle = { font: fonts.sansBold, size: 8.5, leading: 19, color: kind.text };
      drawText(page, CALENDAR_PAGE.dayLabel(w * 7 + d + 1), strip, { x: x + 8, top, width: cellWidth - 16 });
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
  for (const [kind, note] of CALENDAR_PAGE.legend) {
    const style = KIND_STYLE[kind];
    drawBox(page, x, legendTop + 2, 10, 10, { fill: style.fill, radius: 2.5, border: colours.sand300, borderWidth: 0.5 });
    const text = `**${DAY_KIND_LABELS[kind]}:** ${note}`;
    const width = 162;
    drawText(page, text, { ...s.small, size: 8.5 }, { x: x + 15, top: legendTop, width });
    x += width + 20;
  }
}

function sessionsPage(page: PDFPage, fonts: Fonts) {
  const s = styles(fonts);
  pageHeader(page, fonts, SESSIONS_PAGE.title);
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
  for (const session of SESSIONS) {
    left.text(session.name, s.h2, 4);
    left.top += drawTable(page, SESSIONS_PAGE.columns, session.rows, { x: left.x, top: left.top, width: leftWidth }, table);
    left.space(14);
  }
  left.text(SESSIONS_PAGE.tableNote, s.muted);

  const rightX = MARGIN + leftWidth + 28;
  const right = new Column(page, rightX, 84, WIDTH - MARGIN - rightX, CONTENT_BOTTOM, "calendar page 2, right");
  const notes = SESSIONS_PAGE;
  right
    .text(notes.howItRuns.title, s.h3, 3)
    .bullets(notes.howItRuns.items, s.body, colours.accent400, 9)
    .text(notes.effort.title, s.h3, 3)
    .text(notes.effort.text, s.body, 9)
    .text(notes.walks.title, s.h3, 3)
    .text(notes.walks.text, s.body, 9)
    .text(notes.mobility.title, s.h3, 3)
    .text(notes.mobility.text, s.body, 9)
    .text(notes.missedDay.title, s.h3, 3)
    .text(notes.missedDay.text, s.body, 9)
    .text(notes.kit.title, s.h3, 3)
    .text(notes.kit.text, s.body);
}

function exercisesPage(page: PDFPage, fonts: Fonts) {
  const s = styles(fonts);
  pageHeader(page, fonts, EXERCISES_PAGE.title);
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
    if (index % 5 === 0) column.text(SESSIONS[index < 5 ? 0 : 1]!.name, { ...s.kicker, size: 8.5 }, 2);
    const badge = String(index + 1);
    drawBox(page, column.x, column.top + 1, 13, 13, { fill: colours.accent300, radius: 6.5 });
    drawText(page, badge, { font: fonts.sansBold, size: 7.5, leading: 13, color: colours.brand950 }, {
      x: column.x,
      top: column.top + 1,
      width: 13,
      align: "center",
    });
    column.text(exercise.name, name, 0, 18);
    column.text(EXERCISES_PAGE.works(exercise.works), { ...text, font: fonts.sansItalic, color: colours.inkMuted }, 1, 18);
    column.text(exercise.how, text, 1, 18);
    column.text(exercise.options, { ...text, color: colours.inkMuted, boldColor: colours.brand700 }, 7, 18);
  });
}

/** Top of the notes area on page 4, above the support box. */
const NOTES_TOP = CONTENT_BOTTOM - 52 - 96;

function safetyPage(page: PDFPage, fonts: Fonts, site: PdfSite) {
  const s = styles(fonts);
  const words = SAFETY_PAGE;
  pageHeader(page, fonts, words.title);
  const gutter = 20;
  const columnWidth = (WIDTH - MARGIN * 2 - gutter * 2) / 3;
  const column = (i: number, name: string) =>
    new Column(page, MARGIN + i * (columnWidth + gutter), 84, columnWidth, NOTES_TOP - 12, name);
  const text: TextStyle = { ...s.body, size: 9.5, leading: 13 };

  column(0, "calendar page 4, column 1")
    .text(words.warmUp.title, s.h3, 3)
    .bullets(words.warmUp.items, text, colours.accent400, 9)
    .text(words.form.title, s.h3, 3)
    .bullets(words.form.items, text, colours.accent400, 9)
    .text(words.breathing.title, s.h3, 3)
    .text(words.breathing.text, text);

  column(1, "calendar page 4, column 2")
    .text(words.stopNow.title, s.h3, 3)
    .bullets(words.stopNow.items, text, colours.brand700, 3)
    .text(words.stopNow.emergency, { ...text, font: fonts.sansBold, color: colours.brand800 }, 9)
    .text(words.stopMove.title, s.h3, 3)
    .bullets(words.stopMove.items, text, colours.brand700, 5)
    .text(words.normal, text);

  column(2, "calendar page 4, column 3")
    .text(words.gpChecks.title, s.h3, 3)
    .bullets(words.gpChecks.items, text, colours.brand700, 5)
    .text(words.pelvicHealth, text, 9)
    .text(words.listen.title, s.h3, 3)
    .text(words.listen.text, text);

  // A place to note how each week felt.
  drawText(page, words.notesTitle, s.h3, { x: MARGIN, top: NOTES_TOP, width: 500 });
  const noteWidth = (WIDTH - MARGIN * 2 - gutter * 3) / 4;
  for (let week = 0; week < 4; week++) {
    const x = MARGIN + week * (noteWidth + gutter);
    drawText(page, words.noteWeek(week + 1), { ...s.small, font: fonts.sansBold, color: colours.brand900 }, { x, top: NOTES_TOP + 18, width: noteWidth });
    for (let line = 1; line <= 3; line++) {
      const y = HEIGHT - (NOTES_TOP + 18 + line * 18);
      page.drawLine({ start: { x, y }, end: { x: x + noteWidth, y }, thickness: 0.6, color: colours.sand300 });
    }
  }

  // Where to get help.
  const top = CONTENT_BOTTOM - 52;
  drawBox(page, MARGIN, top, WIDTH - MARGIN * 2, 50, { fill: colours.brand50, border: colours.brand200, borderWidth: 0.8, radius: 10 });
  drawBrandMark(page, MARGIN + 12, top + 10, 30);
  drawText(page, words.support(site), { ...s.body, boldColor: colours.brand900 }, {
    x: MARGIN + 54,
    top: top + 11,
    width: WIDTH - MARGIN * 2 - 70,
  });
}

/** Renders the calendar for a site's configuration. */
export async function renderCalendarPdf(site: PdfSite): Promise<Uint8Array> {
  const { doc, fonts } = await createDocument(calendarDocumentInfo(site));
  calendarPage(doc.addPage(A4_LANDSCAPE), fonts);
  sessionsPage(doc.addPage(A4_LANDSCAPE), fonts);
  exercisesPage(doc.addPage(A4_LANDSCAPE), fonts);
  safetyPage(doc.addPage(A4_LANDSCAPE), fonts, site);
  drawFooters(doc, fonts, pdfFooter(site), MARGIN);
  return doc.save();
}
