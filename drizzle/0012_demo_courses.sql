-- The demo courses installed with the site (docs/product.md §19.7): a Learn to Lift outline and a first
-- habit module in the coach's voice, marked is_demo for her to replace from the dashboard.
-- Each insert is skipped if the coach already has a module with that address.
INSERT INTO "course_modules" ("course_key", "slug", "title", "summary", "opens_week", "position", "is_demo")
VALUES ('learn-to-lift', 'before-you-start', $demo$Before you start$demo$, $demo$Everything to set up before week 1: your space, your kit and how the course works.$demo$, 0, 1, true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_lessons" ("module_id", "slug", "title", "body", "minutes", "position", "is_demo")
SELECT "id", 'welcome', $demo$Welcome to Learn to Lift$demo$, $demo$Welcome, and well done for starting. This course is six weeks of short, steady strength training, written for women in perimenopause and menopause who want to feel capable in their bodies again.

**How it works**

- A new week opens every seven days from the cohort's start date.
- Each week has two workouts of under 30 minutes and a short video call.
- Press **Mark complete** at the end of each lesson: your progress bar keeps count, and **Continue** brings you back to where you left off.

Take your time with this part. There is nothing to prove in week one, only habits to start.$demo$, 5, 1, true
  FROM "course_modules" WHERE "course_key" = 'learn-to-lift' AND "slug" = 'before-you-start'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_lessons" ("module_id", "slug", "title", "body", "minutes", "position", "is_demo")
SELECT "id", 'your-space-and-kit', $demo$Your space and your kit$demo$, $demo$You need less than you think.

- A sturdy chair without wheels, and a step or the bottom stair.
- Enough floor to lie down on, with a mat or a folded towel.
- From week 4, a pair of dumbbells. Start lighter than you expect: 2–4 kg is a good first pair for most women.

Wear comfortable clothes and supportive trainers, keep water nearby, and tell someone at home that this is your time.

*If you have a health condition, a recent injury or any doubt, check with your GP or physiotherapist before you begin.*$demo$, 8, 2, true
  FROM "course_modules" WHERE "course_key" = 'learn-to-lift' AND "slug" = 'before-you-start'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_modules" ("course_key", "slug", "title", "summary", "opens_week", "position", "is_demo")
VALUES ('learn-to-lift', 'week-1', $demo$Week 1: Foundations of movement$demo$, $demo$The four movements every workout builds on: squat, hinge, push and pull.$demo$, 1, 2, true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_lessons" ("module_id", "slug", "title", "body", "minutes", "position", "is_demo")
SELECT "id", 'sit-to-stand', $demo$The sit-to-stand squat$demo$, $demo$The squat is the movement you already do every time you stand up from a chair. This week we make it deliberate.

1. Sit tall near the front of your chair, feet hip-width apart.
2. Lean forward slightly, press through your whole foot and stand up.
3. Sit back down slowly, counting to three.

Do **2 sets of 8**, resting a minute between sets. If it feels easy, cross your arms over your chest. If it feels hard, put your hands on your thighs to help.$demo$, 12, 1, true
  FROM "course_modules" WHERE "course_key" = 'learn-to-lift' AND "slug" = 'week-1'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_lessons" ("module_id", "slug", "title", "body", "minutes", "position", "is_demo")
SELECT "id", 'wall-press-up', $demo$The wall press-up$demo$, $demo$Stand an arm's length from a wall, hands on it at shoulder height. Bend your elbows to bring your chest towards the wall, then push away.

Keep your body in one straight line from heels to head, and breathe out as you push. Do **2 sets of 10**.

Most women feel this in their chest and the backs of their arms by the next day. That's normal, and it fades as you get stronger.$demo$, 10, 2, true
  FROM "course_modules" WHERE "course_key" = 'learn-to-lift' AND "slug" = 'week-1'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_modules" ("course_key", "slug", "title", "summary", "opens_week", "position", "is_demo")
VALUES ('learn-to-lift', 'week-2', $demo$Week 2: Building the habit$demo$, $demo$Same movements, a little more of them, and a plan for the weeks that go sideways.$demo$, 2, 3, true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_lessons" ("module_id", "slug", "title", "body", "minutes", "position", "is_demo")
SELECT "id", 'hip-hinge', $demo$The hip hinge$demo$, $demo$The hinge protects your back every time you pick something up. Stand with soft knees, hands on your hips, and push your hips back as if closing a drawer behind you. Your back stays long; your chest moves forward. Squeeze your bottom to stand tall.

Do **3 sets of 8**. Watch yourself side-on in a mirror or window for the first set.$demo$, 12, 1, true
  FROM "course_modules" WHERE "course_key" = 'learn-to-lift' AND "slug" = 'week-2'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_modules" ("course_key", "slug", "title", "summary", "opens_week", "position", "is_demo")
VALUES ('learn-to-lift', 'week-3', $demo$Week 3: Balance and control$demo$, $demo$Single-leg work and slower lowering for stronger knees and steadier balance.$demo$, 3, 4, true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_lessons" ("module_id", "slug", "title", "body", "minutes", "position", "is_demo")
SELECT "id", 'step-ups', $demo$Step-ups$demo$, $demo$Stand facing your step. Put your whole right foot on it, press through the heel and step up; step down slowly with the left foot. Do **8 each side**, holding a wall or banister if you need to.

Balance improves quickly with practice, and it matters more every year: it's one of the best things you can do to prevent falls.$demo$, 12, 1, true
  FROM "course_modules" WHERE "course_key" = 'learn-to-lift' AND "slug" = 'week-3'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_modules" ("course_key", "slug", "title", "summary", "opens_week", "position", "is_demo")
VALUES ('learn-to-lift', 'week-4', $demo$Week 4: Adding weight$demo$, $demo$Your first dumbbells: how to choose, hold and progress them.$demo$, 4, 5, true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_lessons" ("module_id", "slug", "title", "body", "minutes", "position", "is_demo")
SELECT "id", 'goblet-squat', $demo$The goblet squat$demo$, $demo$Hold one dumbbell upright against your chest with both hands, elbows tucked in. Squat to your chair as in week 1, touch it lightly, and stand.

Choose a weight you could lift about four more times at the end of each set. Do **3 sets of 8**. When all three sets feel comfortable two sessions in a row, move up a size.$demo$, 14, 1, true
  FROM "course_modules" WHERE "course_key" = 'learn-to-lift' AND "slug" = 'week-4'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_modules" ("course_key", "slug", "title", "summary", "opens_week", "position", "is_demo")
VALUES ('learn-to-lift', 'week-5', $demo$Week 5: Getting stronger$demo$, $demo$More load, fewer rests, and how to read your energy on the day.$demo$, 5, 6, true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_lessons" ("module_id", "slug", "title", "body", "minutes", "position", "is_demo")
SELECT "id", 'one-arm-row', $demo$The one-arm row$demo$, $demo$Put your left hand and knee on your chair, right foot on the floor, and let a dumbbell hang from your right hand. Pull it up towards your hip, elbow close to your side, then lower it slowly.

Do **3 sets of 10 each side**. On a low-energy day, keep the weight and do two sets: showing up counts.$demo$, 14, 1, true
  FROM "course_modules" WHERE "course_key" = 'learn-to-lift' AND "slug" = 'week-5'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_modules" ("course_key", "slug", "title", "summary", "opens_week", "position", "is_demo")
VALUES ('learn-to-lift', 'week-6', $demo$Week 6: Your programme for life$demo$, $demo$Putting it all together, and how to keep progressing after the course.$demo$, 6, 7, true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_lessons" ("module_id", "slug", "title", "body", "minutes", "position", "is_demo")
SELECT "id", 'your-programme', $demo$Your programme from here$demo$, $demo$You now have a full-body programme: squat, hinge, push, pull and a step-up. Keep training twice a week, and add a little every fortnight: one more repetition, one more set, or the next dumbbell up.

Look back at week 1. Notice what feels easier now. That is strength, and it's yours to keep.$demo$, 10, 1, true
  FROM "course_modules" WHERE "course_key" = 'learn-to-lift' AND "slug" = 'week-6'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_modules" ("course_key", "slug", "title", "summary", "opens_week", "position", "is_demo")
VALUES ('build-stronger-foundations', 'make-room-for-movement', $demo$Habit 1: Make room for movement$demo$, $demo$The first habit: a small, regular slot for moving that survives a busy week.$demo$, NULL, 1, true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_lessons" ("module_id", "slug", "title", "body", "minutes", "position", "is_demo")
SELECT "id", 'why-small-works', $demo$Why small works$demo$, $demo$Big plans fail on ordinary weeks. Small ones survive them. This month we build one habit: a short, regular slot for moving your body.

Choose something so easy it feels almost silly: five minutes of walking after lunch, or three sit-to-stands while the kettle boils. You're training the habit first, not your muscles.$demo$, 6, 1, true
  FROM "course_modules" WHERE "course_key" = 'build-stronger-foundations' AND "slug" = 'make-room-for-movement'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "course_lessons" ("module_id", "slug", "title", "body", "minutes", "position", "is_demo")
SELECT "id", 'anchor-your-habit', $demo$Anchor it to your day$demo$, $demo$Attach your new habit to something you already do every day.

- *After I pour my first coffee, I do five sit-to-stands.*
- *After I park the car, I walk one lap of the car park.*

Write your sentence down and put it where you will see it. Tick each day you do it on a calendar; a tick on a hard day is worth two on an easy one.$demo$, 8, 2, true
  FROM "course_modules" WHERE "course_key" = 'build-stronger-foundations' AND "slug" = 'make-room-for-movement'
ON CONFLICT DO NOTHING;
