import { displayUrl, type DocumentInfo, type PdfSite, type TableColumn } from "~/content/pdf-types";

// The words of the free menopause strength guide (docs/product.md §4.10): its metadata, the cover
// and the seven sections. Everything about the coach (name, business, site, email, offers) comes
// from the configuration. app/server/pdf/guide.server.ts lays them out on A4 pages.

export const GUIDE_TITLE = "Your Menopause Strength Guide";

/** The document's metadata. */
export function guideDocumentInfo(site: PdfSite): DocumentInfo {
  return {
    title: `${GUIDE_TITLE} | ${site.businessName}`,
    author: site.coachName,
    subject: "Strength training for women in perimenopause and menopause: why it matters and how to start safely",
    keywords: ["strength training", "menopause", "perimenopause", "bone health", "pelvic floor", "women over 40"],
    creator: site.businessName,
  };
}

/** The cover: the title band, the contents and a short welcome from the coach. */
export const GUIDE_COVER = {
  kicker: "FREE GUIDE",
  title: "Your Menopause\nStrength Guide",
  strapline: "Why strength matters in perimenopause and menopause, and how to start safely at home this week.",
  contentsTitle: "Inside this guide",
  /** A contents entry's page number. */
  contentsPage: (page: number) => `page ${page}`,
  byline: (site: PdfSite) => `By ${site.coachName} · ${site.businessName}`,
  welcome: (site: PdfSite) =>
    `Hello, I'm ${site.coachName}. I help women in perimenopause and menopause get stronger with short, realistic sessions. Whether you have never lifted a weight or are coming back after years away, this guide will help you start safely and feel the difference within weeks. Take it one page, and one session, at a time.`,
};

/** The labels beside each myth and its answer. */
export const MYTH_LABELS = { myth: "MYTH", truth: "THE TRUTH" };

/** The content, as blocks that the flow lays out. Markup: **bold**, [text](link). */
export type Block =
  | { type: "p"; text: string }
  | { type: "h3"; text: string }
  | { type: "bullets"; items: string[] }
  | { type: "steps"; items: string[] }
  | { type: "callout"; title: string; text?: string; items?: string[]; tone?: "brand" | "accent" | "sand" }
  | { type: "table"; columns: TableColumn[]; rows: string[][] }
  | { type: "myths"; items: { myth: string; truth: string }[] };

export interface Section {
  title: string;
  blocks: Block[];
}

const GP_CHECKS = [
  "have a heart condition, chest pain, or high blood pressure that isn't under control",
  "have osteoporosis and have broken a bone, especially in your spine",
  "have had surgery, an injury or a joint replacement recently",
  "have dizzy spells, falls or pain you can't explain",
  "take medicines that affect your heart rate or balance, or simply aren't sure exercise is right for you",
];

export function guideSections(site: PdfSite): Section[] {
  const url = displayUrl(site.siteUrl);
  const offers = site.catalogue.map(
    (product) => `[${product.name}](${site.siteUrl}${product.salesPath}): ${product.features[0] ?? ""}`,
  );
  return [
    {
      title: "Why strength matters in menopause",
      blocks: [
        {
          type: "p",
          text: "Perimenopause and menopause change far more than your periods. As oestrogen falls, your body handles muscle, bone, blood sugar and even mood differently. The good news is that strength training speaks to almost every one of these changes. It is one of the most powerful things you can do for your health in midlife, and it is never too late to start.",
        },
        {
          type: "bullets",
          items: [
            "**Bone.** Oestrogen helps protect your bones, so bone loss speeds up in the years around your last period. Bone responds to load: when muscles pull on it and it carries your weight, it is prompted to stay strong. Trials such as LIFTMOR found that supervised, progressively heavier strength and impact training improved bone density in postmenopausal women with low bone mass.",
            "**Muscle.** We lose muscle gradually from our thirties, and the menopause transition speeds this up. Less muscle means less strength for everyday life: carrying the shopping, climbing stairs, getting up off the floor. Strength training is the most effective way to keep the muscle you have and build more, at any age.",
            "**Metabolism.** Muscle is where most of the sugar from a meal is used or stored. More muscle, used regularly, helps your body manage blood sugar and supports a healthy weight as fat tends to settle around the middle after menopause. Not a quick fix, but a lasting one.",
            "**Mood and mind.** Anxiety, low mood and brain fog are common in perimenopause. Regular strength training has been shown to ease symptoms of depression and anxiety, and the feeling of getting stronger week by week builds a confidence that spills into the rest of life.",
            "**Joints.** Aches and stiffness often arrive with menopause. Strong muscles support and steady your joints, and NICE recommends muscle-strengthening exercise as a core treatment for osteoarthritis.",
            "**Heart, balance and sleep.** The risk of heart disease rises after menopause; strength work and walking together help blood pressure and cholesterol. Stronger legs and better balance cut the risk of falls, and many women sleep more deeply on the days they train.",
          ],
        },
        {
          type: "callout",
          tone: "accent",
          title: "What the guidelines say",
          text: "The UK Chief Medical Officers recommend muscle-strengthening activity on at least two days a week, alongside 150 minutes of moderate activity such as brisk walking. Two short strength sessions a week is exactly where this guide starts.",
        },
      ],
    },
    {
      title: "How to start",
      blocks: [
        {
          type: "p",
          text: "You don't need a gym, fancy kit or an hour a day. You need a plan you can keep, a handful of basic moves done well, and a little patience.",
        },
        {
          type: "callout",
          tone: "brand",
          title: "Check with your GP before you start if you",
          items: GP_CHECKS,
        },
        { type: "h3", text: "What you'll need" },
        {
          type: "p",
          text: "A sturdy chair without wheels, a clear bit of wall, supportive trainers and a mat or towel. Add a pair of dumbbells: 2–4 kg to start, with a heavier pair (5–8 kg) for legs and back once you're confident. Filled water bottles or a rucksack with a few books work well too.",
        },
        { type: "h3", text: "How often, and for how long" },
        {
          type: "p",
          text: "**Two strength sessions a week** on days that aren't back to back (Monday and Thursday, say), 20–25 minutes each including the warm-up. Walk on some of the other days. Put your sessions in your diary like any other appointment: they matter as much.",
        },
        { type: "h3", text: "How hard: the “two or three in the tank” rule" },
        {
          type: "p",
          text: "Finish each set feeling you could do **two or three more good reps**, about 7 out of 10 effort. If you could do many more, it's time to progress; if your form slips, go lighter. Muscles and bones change when they are challenged, so the challenge needs to grow over the weeks.",
        },
        { type: "h3", text: "How to progress, one step at a time" },
        {
          type: "steps",
          items: [
            "Master the movement with your own body weight.",
            "Add reps, up to 12.",
            "Add a round: from two to three.",
            "Add weight, and drop back to 8 reps.",
            "Slow the lowering to a count of three.",
          ],
        },
        {
          type: "p",
          text: "Change one thing at a time, and only after a session that felt good. Keep a simple log (date, moves, weights, reps, how you slept and felt): looking back after four weeks is hugely motivating.",
        },
      ],
    },
    {
      title: "A beginner routine you can start this week",
      blocks: [
        {
          type: "p",
          text: "About 20 minutes, at home, with a chair, a wall and light weights. Do it twice a week with a day or more in between.",
        },
        { type: "h3", text: "Warm up: 5 minutes" },
        {
          type: "p",
          text: "March on the spot swinging your arms (1 minute) · shoulder rolls and arm circles, 10 each way · hip circles, 10 each way · cat–cow on hands and knees, 6 slow reps · 5 slow practice sit-to-stands.",
        },
        { type: "h3", text: "The routine: 2 rounds, building to 3" },
        {
          type: "table",
          columns: [
            { header: "Move", weight: 1.05 },
            { header: "How", weight: 2.6 },
            { header: "Reps", weight: 0.8 },
            { header: "Works", weight: 1.25 },
          ],
          rows: [
            ["1. Sit-to-stand", "Stand up from a sturdy chair without using your hands, then sit back down slowly.", "8–12", "Thighs, bottom, balance"],
            ["2. Wall press-up", "Hands on the wall, body straight. Bend your elbows to bring your chest to the wall, then push away.", "8–12", "Chest, shoulders, arms"],
            ["3. Bent-over row", "Hinge forward with a long, flat back and pull the weights towards your hips.", "8–12", "Upper back, posture"],
            ["4. Glute bridge", "On your back, knees bent. Lift your hips, squeeze your bottom, lower slowly.", "10–15", "Bottom, backs of thighs"],
            ["5. Hip hinge", "Push your hips back, sliding the weights down your thighs with a long back, then stand tall.", "8–12", "Back of the body; loads hips and spine"],
            ["6. Dead bug", "On your back, knees over hips. Slowly lower one heel to the floor, bring it back, swap.", "6–8 each side", "Deep core"],
          ],
        },
        {
          type: "p",
          text: "Do the six moves in order: that is one round. Rest for 60–90 seconds, then do a second round. When two rounds feel comfortable, add a third. Breathe out on the effort every time.",
        },
        { type: "h3", text: "Cool down: 3 minutes" },
        {
          type: "p",
          text: "Hip flexor stretch and hamstring stretch, 30 seconds each side · a chest opener with your hands clasped behind you · five slow breaths into your ribs, letting your pelvic floor soften on each in-breath.",
        },
        {
          type: "callout",
          tone: "sand",
          title: "Want a four-week plan?",
          text: `The free 28-day workout calendar at [${url}](${site.siteUrl}/) turns this routine into a plan to pin on the fridge, with walks, mobility and rest days built in.`,
        },
      ],
    },
    {
      title: "Recovery and sleep",
      blocks: [
        {
          type: "p",
          text: "Muscles get stronger in the time between sessions, not during them, so recovery is part of the training. Leave at least one day between strength sessions. Mild muscle soreness for a day or two afterwards is normal at first, and eases as your body adapts.",
        },
        { type: "h3", text: "Sleep" },
        {
          type: "bullets",
          items: [
            "Keep a regular wake-up time, even after a poor night.",
            "Keep your bedroom cool, with layers you can throw off during a night sweat.",
            "Get daylight and move early in the day; if training late keeps you awake, move it earlier.",
            "Enjoy caffeine before midday, and keep alcohol low: it worsens hot flushes and broken sleep.",
          ],
        },
        { type: "h3", text: "Train with your symptoms: the traffic lights" },
        {
          type: "table",
          columns: [
            { header: "Today", weight: 1.6 },
            { header: "What to do", weight: 3 },
          ],
          rows: [
            ["**Green:** slept reasonably, feeling OK", "Your planned session."],
            ["**Amber:** poor night, flushes, achy or low", "Go lighter: one or two rounds, lighter weights, or mobility and a walk."],
            ["**Red:** unwell with a temperature, injured, migraine", "Rest, and get advice if it doesn't pass. Chest pain or dizziness: stop and seek medical help."],
          ],
        },
        { type: "h3", text: "Eat to recover" },
        {
          type: "bullets",
          items: [
            "**Protein at every meal**, at least a palm-sized portion: eggs, Greek yoghurt, fish, chicken, tofu, beans, lentils. Around 1.0–1.2 g per kg of body weight a day suits many active women in midlife; check with your GP or a dietitian if you have kidney disease.",
            "**Calcium** from dairy or fortified alternatives, tinned fish with bones and green leafy vegetables.",
            "**Vitamin D:** the NHS advises everyone to consider 10 micrograms a day in autumn and winter.",
          ],
        },
        {
          type: "p",
          text: "Hormone replacement therapy eases symptoms and protects bone for many women. Talk to your GP about whether it is right for you: strength training works alongside it, not instead of it.",
        },
      ],
    },
    {
      title: "Pelvic floor awareness",
      blocks: [
        {
          type: "p",
          text: "Your pelvic floor is the hammock of muscles that supports your bladder, bowel and womb. Falling oestrogen can leave these tissues thinner and weaker, so many women notice leaks when they cough, sneeze, laugh, jump or lift, a sudden urge to go, or a feeling of heaviness or dragging. These are common, but they are not something you just have to put up with, and they are not a reason to stop exercising.",
        },
        { type: "h3", text: "While you train" },
        {
          type: "bullets",
          items: [
            "**Breathe out as you lift** (“blow as you go”), gently drawing your pelvic floor up as you do.",
            "**Never hold your breath and bear down**, especially as the weights get heavier.",
            "**Leaking or heaviness during a move?** Make it lighter or smaller, adjust your breathing, or swap it for a move that feels fine, then build back up.",
            "Leave jumping and running until lifting feels strong and symptom-free.",
          ],
        },
        { type: "h3", text: "Pelvic floor exercises, three times a day" },
        {
          type: "p",
          text: "Sit or lie comfortably. Squeeze and lift as if stopping yourself passing wind and a wee at the same time, without holding your breath or clenching your bottom. **Long holds:** squeeze for up to 10 seconds, then relax fully for as long; repeat up to 10 times. **Quick squeezes:** squeeze and let go 10 times. Letting go fully matters as much as squeezing. Give it three months; the NHS-backed Squeezy app can remind you.",
        },
        {
          type: "callout",
          tone: "brand",
          title: "Get support early",
          items: [
            "A **pelvic health physiotherapist** can assess you and tailor your exercises: ask your GP, or self-refer where your area allows. NICE recommends at least three months of supervised pelvic floor training as a first treatment for stress incontinence.",
            "Vaginal oestrogen can help with dryness, urgency and repeated urine infections: ask your GP.",
            "See your GP promptly about any bleeding after menopause, a lump or bulge, pain, or a change that worries you.",
          ],
        },
      ],
    },
    {
      title: "Myths that hold women back",
      blocks: [
        {
          type: "myths",
          items: [
            {
              myth: "“Lifting weights will make me bulky.”",
              truth: "Building big muscles takes years of very specific training and hormones most women don't have. What you'll notice is feeling firmer, steadier and more capable.",
            },
            {
              myth: "“I'm too old to start.”",
              truth: "Muscles respond to training at every age: studies show people in their eighties and nineties getting stronger. Start where you are.",
            },
            {
              myth: "“Cardio is all I need.”",
              truth: "Walking and cardio are great for your heart, but they don't build muscle and bone the way strength training does. UK guidance asks for both.",
            },
            {
              myth: "“With osteopenia or osteoporosis, I should avoid lifting.”",
              truth: "The Royal Osteoporosis Society recommends strengthening exercise for bone health. Learn good technique and build up gradually; if you've had a spinal fracture, get personal advice first.",
            },
            {
              myth: "“No pain, no gain.”",
              truth: "Mild soreness a day or two later is normal. Sharp pain, joint pain or pain that lingers is not. Progress comes from consistency, not exhaustion.",
            },
            {
              myth: "“Light weights and lots of reps are safest for women.”",
              truth: "Once your technique is solid, your muscles and bones need a real challenge: a weight that makes the last two or three reps feel hard.",
            },
          ],
        },
        {
          type: "callout",
          tone: "accent",
          title: "What really works",
          text: "Consistency. Two short sessions a week, kept up for months, will change your strength, your bones and your confidence far more than a perfect plan followed for a fortnight. Expect good weeks and hard ones, and keep coming back.",
        },
      ],
    },
    {
      title: "Where to get support",
      blocks: [
        {
          type: "callout",
          tone: "brand",
          title: `Work with ${site.coachName} at ${site.businessName}`,
          text: `${site.coachName} coaches women in perimenopause and menopause to get stronger, with short sessions that fit real life, online and across the UK.`,
          items: [
            ...offers,
            `[A free 20-minute consultation](${site.siteUrl}/contact#consultation): a relaxed video call to find the right next step.`,
            `**Website:** [${url}](${site.siteUrl}/) · **Email:** [${site.contactEmail}](mailto:${site.contactEmail})`,
          ],
        },
        { type: "h3", text: "Trusted sources" },
        {
          type: "bullets",
          items: [
            "**NHS:** menopause, pelvic floor exercises and physical activity advice at [nhs.uk](https://www.nhs.uk/conditions/menopause/).",
            "**Royal Osteoporosis Society:** bone health, safe exercise and a specialist nurse helpline at [theros.org.uk](https://theros.org.uk/).",
            "**Women's Health Concern**, the patient arm of the British Menopause Society: [womens-health-concern.org](https://www.womens-health-concern.org/).",
            "**Squeezy:** the NHS-backed pelvic floor exercise app, at [squeezyapp.com](https://www.squeezyapp.com/).",
            "**Your GP, practice nurse or a pelvic health physiotherapist**, for advice about your own health.",
          ],
        },
        { type: "h3", text: "Your first week starts now" },
        {
          type: "steps",
          items: [
            "Put two 20-minute strength sessions in your diary, with a day or more between them.",
            "Do the beginner routine from section 3, two rounds, and note how it felt.",
            "Start your pelvic floor exercises: three short sets a day.",
            "Walk on two other days, at a talk-but-not-sing pace.",
          ],
        },
        {
          type: "p",
          text: "**Please note:** this guide is general information for adults and is not a substitute for personal medical advice. If you have a health condition, are recovering from an injury or surgery, or are unsure, check with your GP or a qualified health professional before you start. Stop and seek advice if anything feels wrong.",
        },
      ],
    },
  ];
}
