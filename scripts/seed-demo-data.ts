/**
 * Fills a running server with a demo family, through the public API, for looking at the app
 * with realistic data (screenshots, demos, benchmarks).
 *   npm run seed -- [base-url] [email]
 * Defaults: http://localhost:3000 and a new demo-<time>@example.org (password printed at the end).
 */
import { format, subDays } from "date-fns";
import { createApiClient } from "./api-client";

const base = process.argv[2] ?? "http://localhost:3000";
const email = process.argv[3] ?? `demo-${Date.now()}@example.org`;
const password = "demo password 2026";
const call = createApiClient(base);

const day = (n: number) => format(subDays(new Date(), n), "yyyy-MM-dd");

await call("POST", "/api/auth/register", { email, password, firstName: "Maria", lastName: "Lopez" });
await call("PUT", "/api/profile", { firstName: "Maria", lastName: "Lopez", childName: "Sofia" });
const sofia = await call("POST", "/api/children", {
  name: "Sofia",
  dateOfBirth: "2019-04-02",
  gender: "female",
  medicalDiagnosis: "Short bowel syndrome after midgut volvulus",
  avatarColor: "#8B5CF6",
  notes: "Home TPN 12 hours overnight; Broviac line.",
});
const leo = await call("POST", "/api/children", {
  name: "Leo",
  age: 3,
  gender: "male",
  avatarColor: "#10B981",
});

for (let i = 0; i < 14; i++) {
  await call("POST", "/api/tpn", {
    childId: sofia.id,
    date: day(i),
    calories: String(820 + (i % 4) * 15),
    protein: "32.50",
    carbohydrates: "118.00",
    fat: "26.00",
    volume: "1150",
    duration: 12,
    notes: i === 3 ? "Occlusion alarm at 3 a.m., line kinked" : "",
  });
}
const team = [
  ["Dr. Priya Patel", "Gastroenterologist", "Intestinal rehabilitation", "555-0100"],
  ["Jordan Lee, RN", "Home infusion nurse", "", "555-0142"],
  ["Amira Haddad, RD", "Dietitian", "Pediatric nutrition", "555-0177"],
];
for (const [name, role, specialty, phone] of team)
  await call("POST", "/api/care-team", { name, role, specialty, phone });
await call("POST", "/api/specialist-visits", {
  childId: sofia.id,
  doctorName: "Dr. Priya Patel",
  specialty: "Gastroenterology",
  date: format(new Date(Date.now() + 6 * 864e5), "yyyy-MM-dd"),
  time: "09:30",
  location: "Children's Hospital, Clinic B",
  purpose: "Monthly TPN review",
  followUpNeeded: "Repeat liver panel in 4 weeks",
});
await call("POST", "/api/lab-tests", {
  childId: sofia.id,
  testName: "Comprehensive metabolic panel",
  date: day(2),
  status: "completed",
  results: "Potassium 3.9 mmol/L",
  normalRange: "3.5-5.0",
});
await call("POST", "/api/lab-tests", {
  childId: sofia.id,
  testName: "Liver function panel",
  date: day(1),
  status: "pending",
});
for (const [i, symptoms, pain] of [
  [0, "fever, chills", 6],
  [1, "nausea", 3],
  [3, "belly pain, bloating", 5],
] as const) {
  await call("POST", "/api/symptoms", {
    childId: sofia.id,
    date: day(i),
    symptoms,
    painLevel: pain,
    severity: pain > 5 ? "severe" : "moderate",
  });
}
await call("POST", "/api/allergies", {
  childId: sofia.id,
  allergen: "Latex",
  reaction: "Hives",
  severity: "severe",
});
await call("POST", "/api/allergies", {
  childId: leo.id,
  allergen: "Peanuts",
  reaction: "Swelling of lips",
  severity: "life-threatening",
  treatment: "EpiPen",
});
await call("POST", "/api/notes", {
  title: "Pump settings",
  content: "Ramp up 1 hour, ramp down 1 hour, 12 hour cycle.",
  category: "medical",
  tags: "pump, tpn",
  priority: "high",
});
await call("POST", "/api/physical-therapy", {
  childId: sofia.id,
  date: day(5),
  therapist: "Jo Rivera, PT",
  exercises: "bridges, balance board",
  duration: 45,
  progress: "Walked 20 steps unaided",
});
await call("POST", "/api/medications", {
  childId: sofia.id,
  name: "Ursodiol",
  dosage: "60 mg",
  frequency: "Twice daily",
  prescribedBy: "Dr. Patel",
  sideEffects: "nausea",
  isActive: "true",
});
await call("POST", "/api/food-diary", {
  childId: sofia.id,
  date: day(0),
  mealType: "breakfast",
  time: "07:45",
  foods: "rice cereal, apple juice",
  portion: "Half a cup",
});

console.log(`Seeded ${base} with a demo family.\n  email: ${email}\n  password: ${password}`);
