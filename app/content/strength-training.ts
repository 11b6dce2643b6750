import type { PublicSiteConfig } from "~/config/public";
import { LEARN_TO_LIFT_FACTS } from "~/content/learn-to-lift";
import { DEFAULT_SHARE_IMAGE } from "~/utils/seo";

// The long article /strength-training (docs/product.md §4.6): every section docs/product.md lists, in its order.
// Health statements are deliberately careful: general information, attributed to the sources
// listed in ./resources, with a prompt to check with a GP where it matters. Copy uses the inline
// marks of RichText ([label](/path), **bold**).

/** A piece of an article or a legal page. */
export type ArticleBlock =
  | { type: "p"; text: string }
  | { type: "list"; items: string[]; ordered?: boolean }
  | { type: "h3"; text: string }
  | { type: "callout"; tone: "info" | "warning" | "brand"; title: string; text: string }
  | { type: "cards"; items: { title: string; text: string; note?: string }[] }
  | { type: "compare"; columns: [CompareColumn, CompareColumn] };

export interface CompareColumn {
  title: string;
  tone: "calm" | "alert" | "brand" | "accent";
  items: string[];
}

export interface ArticleSection {
  id: string;
  title: string;
  blocks: ArticleBlock[];
}

export const ARTICLE = {
  headline: "Strength Training for Women Over 40",
  description:
    "Why strength training matters for women over 40: heart and bone health, perimenopause and menopause, HRT, pain and how to start safely.",
  lede:
    "If you're over 40 and wondering whether lifting weights is too late, too risky or simply not for you, here's the short answer: it isn't too late, it's safer than most people think, and it may be one of the most useful things you do for the decades ahead. This guide explains why, what changes around perimenopause and menopause, and how to start sensibly.",
  datePublished: "2025-01-13",
  dateModified: "2025-01-27",
} as const;

export const ARTICLE_DISCLAIMER =
  "This guide is general information, not medical advice. If you have a health condition, are recovering from an injury or surgery, or aren't sure whether exercise is safe for you, please talk to your GP before you start.";

export const articleSections: ArticleSection[] = [
  {
    id: "benefits",
    title: "Why strength training matters after 40",
    blocks: [
      {
        type: "p",
        text: "Muscle-strengthening activity is part of the UK Chief Medical Officers' physical activity guidelines for every adult: at least two days a week, working all the major muscle groups. After 40, the reasons to follow that advice stack up. Inactive adults lose muscle gradually, by 3% to 8% a decade according to one widely cited review, and with it strength, balance and a little of the ease we take for granted. Resistance training is the most effective way to slow that loss and, very often, to reverse it.",
      },
      {
        type: "cards",
        items: [
          {
            title: "Heart health",
            text: "Resistance training can help lower resting blood pressure and improve cholesterol and blood sugar control, all of which matter for your heart. A woman's cardiovascular risk rises after menopause, so this is a good time to give your heart every advantage.",
            note: "Strength work complements the walking, cycling or swimming that gets you out of breath; it doesn't replace it.",
          },
          {
            title: "Bone density",
            text: "Bones respond to load. Lifting challenging weights, together with some impact such as brisk walking if it suits you, gives bones a reason to stay strong. That matters because bone loss speeds up in the years around menopause as oestrogen falls.",
          },
          {
            title: "Injury prevention",
            text: "Stronger muscles support your joints, and strength and balance training reduce the risk of falls, a common cause of broken bones later in life. Everyday jobs, from carrying shopping to lifting a grandchild, become easier and safer.",
          },
          {
            title: "Mental wellbeing",
            text: "A large review of clinical trials found that resistance training was associated with fewer symptoms of depression. Many women also notice better sleep, a steadier mood and a quiet confidence that comes from doing something hard and getting better at it.",
          },
        ],
      },
    ],
  },
  {
    id: "training-types",
    title: "Three types of strength training",
    blocks: [
      {
        type: "p",
        text: "Strength training simply means asking your muscles to work against a resistance. There are three main ways to do it, and a good programme often uses more than one.",
      },
      {
        type: "cards",
        items: [
          {
            title: "Bodyweight training",
            text: "Squats to a chair, press-ups against a wall or kitchen worktop, glute bridges and step-ups. No equipment, easy to start at home, and the best place to learn good technique.",
            note: "Good for: beginners, travel and busy days.",
          },
          {
            title: "Resistance bands",
            text: "Light, inexpensive and portable, bands add resistance that increases as they stretch. They're excellent for the shoulders, hips and upper back, and kind to sensitive joints.",
            note: "Good for: adding challenge at home and joint-friendly strength.",
          },
          {
            title: "Free weights and machines",
            text: "Dumbbells, kettlebells, barbells and gym machines let you add load in small, measurable steps, which is what keeps muscles and bones adapting over months and years.",
            note: "Good for: steady, long-term progress.",
          },
        ],
      },
      {
        type: "p",
        text: "Whatever you use, the principle is the same: **progressive overload**. Gradually ask a little more of your muscles (an extra repetition, a slightly heavier weight, a slower lowering) so they have a reason to adapt. The last two or three repetitions of each set should feel challenging but still possible with good form.",
      },
      {
        type: "callout",
        tone: "brand",
        title: "Want to learn this step by step?",
        text: `[Learn to Lift](/learn-to-lift#top) takes you from bodyweight basics to confident dumbbell training in ${LEARN_TO_LIFT_FACTS.weeks} weeks, with ${LEARN_TO_LIFT_FACTS.workoutsPerWeek} short workouts a week at home.`,
      },
    ],
  },
  {
    id: "menopause",
    title: "Strength training through perimenopause and menopause",
    blocks: [
      {
        type: "p",
        text: "Menopause is the point when you have had no period for 12 months; in the UK it usually happens between the ages of 45 and 55. Perimenopause is the time of changing hormones before that, which can last several years and often begins in your 40s. As oestrogen levels fall, many women notice changes in their muscles, joints, sleep, mood and where they carry body fat.",
      },
      {
        type: "p",
        text: "Oestrogen helps to protect bone and plays a part in maintaining muscle, so its decline is one reason bone density drops and strength can feel harder to hold on to. Strength training works directly on both, which is why it is so valuable at this stage of life. A few adjustments help it fit around symptoms:",
      },
      {
        type: "list",
        items: [
          "**Train for the day you're having.** After a bad night, keep the session but lighten the load or do fewer sets. What you do over weeks matters far more than any single workout.",
          "**Keep cool.** If hot flushes are a problem, train somewhere well ventilated, wear layers you can take off, and keep water to hand.",
          "**Respect recovery.** Muscles get stronger between sessions, not during them. Two or three sessions a week is plenty to make real progress.",
          "**Eat enough protein.** Muscles need it to rebuild, so include some at each meal. If you have a kidney condition or other dietary needs, ask your GP or a dietitian what's right for you.",
          "**Look after your pelvic floor.** Breathe out on the effort rather than holding your breath. If you notice leaking or a feeling of heaviness when you lift, talk to your GP, who can refer you to a pelvic health physiotherapist.",
        ],
      },
    ],
  },
  {
    id: "cardio-vs-strength",
    title: "Cardio vs strength: do you need both?",
    blocks: [
      {
        type: "p",
        text: "It isn't either/or. The UK Chief Medical Officers recommend that adults do at least 150 minutes of moderate-intensity activity (or 75 minutes of vigorous activity) a week, **and** muscle-strengthening activity on at least two days a week. The two do different jobs.",
      },
      {
        type: "compare",
        columns: [
          {
            title: "Cardio (aerobic) exercise",
            tone: "accent",
            items: [
              "Raises your heart rate and breathing for a sustained time",
              "Builds heart and lung fitness and stamina",
              "Examples: brisk walking, cycling, swimming, dancing",
            ],
          },
          {
            title: "Strength (resistance) training",
            tone: "brand",
            items: [
              "Works your muscles against a resistance",
              "Builds and maintains muscle, strength and bone",
              "Examples: lifting weights, resistance bands, bodyweight exercises, heavy gardening",
            ],
          },
        ],
      },
      {
        type: "p",
        text: "Many women over 40 walk a lot but do very little strength work, which is exactly the gap that matters most for muscles and bones. If time is tight, two short strength sessions a week plus a daily walk is an excellent place to start.",
      },
    ],
  },
  {
    id: "bone-health",
    title: "Strength training and bone health",
    blocks: [
      {
        type: "p",
        text: "Bone is living tissue, constantly broken down and rebuilt. Bone mass peaks in early adulthood; later in life we slowly lose more than we build, and the loss speeds up in the years around menopause. Osteoporosis, where bones become fragile and break more easily, is particularly common in women after menopause.",
      },
      {
        type: "p",
        text: "Bones get stronger when they're loaded in ways they aren't used to. The evidence supports two kinds of exercise: **progressive resistance training**, where the load gradually increases, and **impact exercise**, such as brisk walking, stair climbing or, if it's right for you, skipping and small jumps.",
      },
      {
        type: "p",
        text: "In the LIFTMOR trial, postmenopausal women with low bone mass who did supervised, high-intensity resistance and impact training twice a week for eight months improved bone density at the spine and maintained it at the hip, while a group doing a gentle home programme lost bone. The important word is **supervised**: the women were screened, taught and progressed carefully. Heavy lifting is a destination, not a starting point.",
      },
      {
        type: "callout",
        tone: "info",
        title: "Living with osteoporosis or osteopenia?",
        text: "Exercise is still recommended. The UK consensus statement Strong, Steady and Straight advises muscle strengthening and suitable impact exercise, balance training, and exercises for posture, and suggests avoiding positions that round the spine a lot. If you've had a spinal fracture, or several fractures, please get individual advice from your GP or a physiotherapist first.",
      },
    ],
  },
  {
    id: "pain",
    title: "Normal vs concerning pain",
    blocks: [
      {
        type: "p",
        text: "Some discomfort is part of getting stronger. Knowing which kind is normal helps you train with confidence; knowing which kind isn't helps you stay safe.",
      },
      {
        type: "compare",
        columns: [
          {
            title: "Usually normal",
            tone: "calm",
            items: [
              "A burning feeling in the working muscle during the last few repetitions, which fades within a minute or so of stopping.",
              "Muscle soreness and stiffness a day or two after a new or harder session (delayed-onset muscle soreness), easing over the next few days.",
              "Mild, general stiffness that improves as you warm up and move.",
            ],
          },
          {
            title: "Stop and get advice",
            tone: "alert",
            items: [
              "Sharp, stabbing or sudden pain, especially in a joint.",
              "Pain that gets worse as you carry on, or changes the way you move.",
              "Swelling, a joint that gives way, or pain with clicking or locking.",
              "Pain that wakes you at night, or that hasn't eased after a week.",
              "Numbness, tingling or pain that travels down an arm or leg.",
            ],
          },
        ],
      },
      {
        type: "callout",
        tone: "warning",
        title: "Stop straight away",
        text: "If you feel chest pain or tightness, unusual breathlessness, dizziness or faintness while exercising, stop at once. If chest pain doesn't go away with rest, or you're worried, call 999.",
      },
    ],
  },
  {
    id: "hrt",
    title: "Strength training and HRT",
    blocks: [
      {
        type: "p",
        text: "Hormone replacement therapy (HRT) replaces the oestrogen, and usually a progestogen, that fall around menopause. Whether it's right for you is a decision to make with your GP or a menopause specialist, based on your symptoms, your history and your preferences. NICE's menopause guideline sets out the benefits and risks.",
      },
      {
        type: "p",
        text: "For bones, HRT and exercise are complementary. NICE notes that HRT lowers the risk of fragility fractures while you take it, a benefit that fades once treatment stops. Strength training supports muscle, balance and bone whether or not you take HRT, for as long as you keep doing it.",
      },
      {
        type: "p",
        text: "HRT won't build muscle on its own, and strength training isn't a substitute for treating symptoms that affect your life. Many women find the two work well together: if HRT eases hot flushes and broken sleep, it can be easier to train consistently, and training brings benefits HRT doesn't.",
      },
      {
        type: "callout",
        tone: "brand",
        title: "On HRT, or thinking about it?",
        text: "You can strength train either way. Tell your coach about any medication or health conditions, and speak to your GP if you have questions about HRT.",
      },
    ],
  },
];

/** The article's five questions (docs/product.md §4.6). */
export const articleFaq: { question: string; answer: string }[] = [
  {
    question: "Will lifting weights make me bulky?",
    answer:
      "Very unlikely. Building large muscles takes years of dedicated training and eating to support it. What most women notice is feeling firmer, stronger and more capable, and clothes often fit differently as body composition changes.",
  },
  {
    question: "How often should I strength train?",
    answer:
      "Two to three times a week is ideal for beginners, with a rest day between sessions that work the same muscles. The UK guidelines recommend muscle-strengthening activity on at least two days a week, and sessions don't need to be long: 20 to 30 focused minutes is enough to make progress.",
  },
  {
    question: "Am I too old to start?",
    answer:
      "No. People in their 60s, 70s and beyond gain strength with the right training. Start where you are, progress gradually, and you may be surprised how quickly everyday tasks feel easier.",
  },
  {
    question: "Is it safe if I have osteoporosis or joint pain?",
    answer:
      "For most people, yes, with well-chosen exercises and gradual progress; UK experts recommend strength training for people with osteoporosis. Build up slowly and stop if pain is sharp or getting worse. If you've had a fracture or a joint replacement, or you've been told to limit activity, check with your GP or physiotherapist first.",
  },
  {
    question: "Do I need to join a gym?",
    answer:
      "No. You can build real strength at home with your body weight, a resistance band and a pair or two of dumbbells. A gym gives you more equipment to progress with over time, but it isn't where you have to start. Our [Learn to Lift](/learn-to-lift#top) course is designed for training at home.",
  },
];

/** Estimated reading time: the article's words at 220 a minute, rounded up. */
export function readingMinutes(): number {
  const words = [
    ARTICLE.lede,
    ...articleSections.flatMap((section) =>
      section.blocks.flatMap((block) => {
        switch (block.type) {
          case "p":
          case "h3":
            return [block.text];
          case "list":
            return block.items;
          case "callout":
            return [block.title, block.text];
          case "cards":
            return block.items.flatMap((item) => [item.title, item.text, item.note ?? ""]);
          case "compare":
            return block.columns.flatMap((column) => [column.title, ...column.items]);
        }
      }),
    ),
    ...articleFaq.flatMap((item) => [item.question, item.answer]),
  ]
    .join(" ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.ceil(words / 220);
}

/** schema.org Article: headline, the coach as author, dates and the business as publisher. */
export function articleJsonLd(
  site: Pick<PublicSiteConfig, "coachName" | "coachSlug" | "businessName" | "siteUrl">,
): Record<string, unknown> {
  const url = `${site.siteUrl}/strength-training`;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: ARTICLE.headline,
    description: ARTICLE.description,
    datePublished: ARTICLE.datePublished,
    dateModified: ARTICLE.dateModified,
    inLanguage: "en-GB",
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    image: `${site.siteUrl}${DEFAULT_SHARE_IMAGE}`,
    author: { "@type": "Person", name: site.coachName, url: `${site.siteUrl}/meet-${site.coachSlug}` },
    publisher: {
      "@type": "Organization",
      name: site.businessName,
      url: `${site.siteUrl}/`,
      logo: { "@type": "ImageObject", url: `${site.siteUrl}/favicon.svg` },
    },
  };
}
