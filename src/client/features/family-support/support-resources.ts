/**
 * The Family Support screen's content: well-known public resources in the United States.
 * Numbers and addresses are those the organisations publish; the page says they are US-specific.
 */

export interface EmergencyContact {
  name: string;
  description: string;
  /** What to dial, as shown. */
  phone: string;
  /** The tel: target, digits only. */
  dial: string;
}

export const EMERGENCY_CONTACTS: EmergencyContact[] = [
  {
    name: "988 Suicide & Crisis Lifeline",
    description: "Free, confidential support for anyone in emotional distress, 24 hours a day. Call or text.",
    phone: "988",
    dial: "988",
  },
  {
    name: "Children's hospital nurse line",
    description:
      "Your child's hospital or home infusion company runs a 24-hour nurse line for fever, line or pump problems. " +
      "Find the number on your discharge papers and save it in the emergency contacts card on the dashboard.",
    phone: "See your discharge papers",
    dial: "",
  },
  {
    name: "Poison Control",
    description:
      "Free, expert advice 24 hours a day if your child swallowed or was exposed to something harmful.",
    phone: "1-800-222-1222",
    dial: "18002221222",
  },
];

export interface Resource {
  name: string;
  description: string;
  url?: string;
  phone?: string;
}

export interface ResourceCategory {
  title: string;
  description: string;
  resources: Resource[];
}

export const RESOURCE_CATEGORIES: ResourceCategory[] = [
  {
    title: "Medical Support",
    description: "Organisations that know home parenteral and enteral nutrition.",
    resources: [
      {
        name: "The Oley Foundation",
        description:
          "Education, conferences and peer support for people living on home IV (TPN) or tube feeding, and their families.",
        url: "https://oley.org",
      },
      {
        name: "Feeding Tube Awareness Foundation",
        description: "Practical guides and parent-to-parent support for tube-fed children.",
        url: "https://www.feedingtubeawareness.org",
      },
      {
        name: "MedlinePlus: Total parenteral nutrition",
        description: "Plain-language information from the U.S. National Library of Medicine.",
        url: "https://medlineplus.gov/ency/article/007239.htm",
      },
    ],
  },
  {
    title: "Emotional & Mental Health",
    description: "Caring for a medically complex child is hard. Support is there for you too.",
    resources: [
      {
        name: "988 Suicide & Crisis Lifeline",
        description: "Call or text 988, or chat at 988lifeline.org.",
        url: "https://988lifeline.org",
        phone: "988",
      },
      {
        name: "NAMI HelpLine",
        description:
          "Information, referrals and support from the National Alliance on Mental Illness, weekdays.",
        url: "https://www.nami.org/help",
        phone: "1-800-950-6264",
      },
      {
        name: "Parent to Parent USA",
        description: "Matches you with an experienced parent of a child with similar needs.",
        url: "https://www.p2pusa.org",
      },
    ],
  },
  {
    title: "Financial Assistance",
    description: "Help with the cost of care, supplies and travel.",
    resources: [
      {
        name: "Medicaid and CHIP (Insure Kids Now)",
        description:
          "Free or low-cost health coverage for children; many states have waivers for children with complex needs.",
        url: "https://www.insurekidsnow.gov",
        phone: "1-877-543-7669",
      },
      {
        name: "Supplemental Security Income (SSI) for children",
        description:
          "Monthly payments for children with disabilities in families with limited income and resources.",
        url: "https://www.ssa.gov/benefits/disability/apply-child.html",
      },
      {
        name: "Patient Advocate Foundation",
        description: "Free case management for insurance denials, medical debt and access to care.",
        url: "https://www.patientadvocate.org",
      },
    ],
  },
  {
    title: "Educational Resources",
    description: "School plans and your child's rights in education.",
    resources: [
      {
        name: "Center for Parent Information and Resources",
        description:
          "Finds your state's Parent Training and Information Center for help with IEPs and 504 plans.",
        url: "https://www.parentcenterhub.org",
      },
      {
        name: "Individuals with Disabilities Education Act (IDEA)",
        description: "The U.S. Department of Education's guide to special education services.",
        url: "https://sites.ed.gov/idea/",
      },
    ],
  },
  {
    title: "Community & Social",
    description: "Families who understand, close to home and online.",
    resources: [
      {
        name: "Family Voices",
        description:
          "Family-to-Family Health Information Centers in every state, run by families of children with special health care needs.",
        url: "https://familyvoices.org",
      },
      {
        name: "Ronald McDonald House Charities",
        description: "A place to stay near the hospital during your child's admission.",
        url: "https://www.rmhc.org",
      },
    ],
  },
  {
    title: "Emergency Preparedness",
    description: "Plan ahead for power cuts, storms and evacuations with an infusion pump at home.",
    resources: [
      {
        name: "Ready.gov: people with disabilities",
        description: "How to build a kit and a plan when a family member depends on medical equipment.",
        url: "https://www.ready.gov/disability",
      },
      {
        name: "Your electricity provider's medical certificate program",
        description:
          "Register the infusion pump so that you are warned before planned outages and prioritised after storms.",
      },
      {
        name: "Keep a go-bag",
        description:
          "Two days of TPN supplies, spare pump batteries, dressing kit, the emergency letter from your team and a copy of the current TPN prescription.",
      },
    ],
  },
];

export const ADDITIONAL_RESOURCES: Resource[] = [
  {
    name: "Genetic and Rare Diseases Information Center (NIH)",
    description: "Answers about rare conditions, in English and Spanish.",
    url: "https://rarediseases.info.nih.gov",
  },
  {
    name: "National Organization for Rare Disorders (NORD)",
    description: "Patient assistance programs and disease information.",
    url: "https://rarediseases.org",
  },
  {
    name: "Make-A-Wish",
    description: "Wishes for children with critical illnesses.",
    url: "https://wish.org",
  },
];
