// docs/product.md §4.6: the evidence behind the article
// /strength-training. Every entry is a real, published source; titles, authors, journals and years
// are as published. Links go only to the publishing organisation's home page (stable addresses),
// never to deep links that move.

export interface Resource {
  title: string;
  author: string;
  /** The kind of source: guideline, trial, review… */
  type: string;
  /** Where and when it was published. */
  published: string;
  description: string;
  /** The publisher's home page, where the source can be found. */
  link?: { href: string; label: string };
}

export const resources: Resource[] = [
  {
    title: "UK Chief Medical Officers' Physical Activity Guidelines",
    author: "UK Chief Medical Officers",
    type: "Government guidelines",
    published: "Department of Health and Social Care, 2019",
    description:
      "The official UK recommendations on how much activity adults need: at least 150 minutes of moderate activity a week, muscle-strengthening activity on at least two days, and strength and balance work to reduce falls in later life.",
    link: { href: "https://www.gov.uk", label: "gov.uk" },
  },
  {
    title: "Physical activity guidelines for adults aged 19 to 64",
    author: "NHS",
    type: "Health guidance",
    published: "NHS website",
    description:
      "A plain-English summary of the UK guidelines, with everyday examples of moderate, vigorous and muscle-strengthening activities.",
    link: { href: "https://www.nhs.uk", label: "nhs.uk" },
  },
  {
    title: "Menopause (NICE guideline NG23)",
    author: "National Institute for Health and Care Excellence",
    type: "Clinical guideline",
    published: "NICE, first published 2015, updated 2024",
    description:
      "How perimenopause and menopause should be diagnosed and managed, including the benefits and risks of HRT and its effect on the risk of fragility fractures.",
    link: { href: "https://www.nice.org.uk", label: "nice.org.uk" },
  },
  {
    title: "Strong, steady and straight: UK consensus statement on physical activity and exercise for osteoporosis",
    author: "Brooke-Wavell K, Skelton DA, Barker KL, et al.",
    type: "Expert consensus statement",
    published: "British Journal of Sports Medicine, 2022",
    description:
      "UK experts, with the Royal Osteoporosis Society, recommend resistance and impact exercise for bone strength, strength and balance training to reduce falls, and spinal extension exercise for posture in people with osteoporosis.",
    link: { href: "https://theros.org.uk", label: "Royal Osteoporosis Society" },
  },
  {
    title:
      "High-Intensity Resistance and Impact Training Improves Bone Mineral Density and Physical Function in Postmenopausal Women With Osteopenia and Osteoporosis: The LIFTMOR Randomized Controlled Trial",
    author: "Watson SL, Weeks BK, Weis LJ, Harding AT, Horan SA, Beck BR",
    type: "Randomised controlled trial",
    published: "Journal of Bone and Mineral Research, 2018",
    description:
      "101 postmenopausal women with low bone mass. Eight months of supervised, twice-weekly, 30-minute high-intensity resistance and impact training improved spine bone density and physical function compared with a low-intensity home programme.",
  },
  {
    title: "Resistance Training is Medicine: Effects of Strength Training on Health",
    author: "Westcott WL",
    type: "Review",
    published: "Current Sports Medicine Reports, 2012",
    description:
      "A review of what resistance training does for health: muscle mass and metabolism, blood pressure, blood sugar control, bone density, physical function and mental wellbeing.",
  },
  {
    title:
      "Association of Efficacy of Resistance Exercise Training With Depressive Symptoms: Meta-analysis and Meta-regression Analysis of Randomized Clinical Trials",
    author: "Gordon BR, McDowell CP, Hallgren M, Meyer JD, Lyons M, Herring MP",
    type: "Meta-analysis",
    published: "JAMA Psychiatry, 2018",
    description:
      "Pooling 33 randomised trials with 1,877 participants, the authors found resistance training was associated with a significant reduction in depressive symptoms.",
  },
  {
    title: "British Menopause Society and Women's Health Concern",
    author: "British Menopause Society",
    type: "Professional society",
    published: "UK",
    description:
      "The UK's specialist society for health professionals working in menopause. Its patient arm, Women's Health Concern, publishes clear factsheets on symptoms, HRT and other treatments.",
    link: { href: "https://thebms.org.uk", label: "thebms.org.uk" },
  },
];
