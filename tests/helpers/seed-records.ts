import sharp from "sharp";
import { expect } from "vitest";
import { today } from "../../src/domain/dates";
import {
  RECORD_NAMES,
  RECORD_TYPES,
  type RecordTypeDeclaration,
} from "../../src/server/modules/record-types";
import type { TestApp, TestUser } from "./test-app";

async function created(response: Promise<{ statusCode: number; json(): unknown; body: string }>) {
  const r = await response;
  if (r.statusCode !== 201) throw new Error(`seed failed: ${r.statusCode} ${r.body}`);
  return r.json() as { id: string };
}

/** Uploads a small real JPEG through the three steps and answers its object path. */
export async function uploadTestPhoto(t: TestApp, user: TestUser): Promise<string> {
  const bytes = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  const { uploadURL } = (await user.post("/api/objects/upload", { size: bytes.length })).json() as {
    uploadURL: string;
  };
  const put = await t.app.inject({
    method: "PUT",
    url: uploadURL,
    headers: { cookie: user.cookie, "content-type": "image/jpeg" },
    payload: bytes,
  });
  expect(put.statusCode).toBe(200);
  return (await user.put("/api/objects/metadata", { photoUrl: uploadURL })).json().objectPath as string;
}

/**
 * One record of every type for a family with one child, linked the way a family's records are:
 * the TPN entry, line, infection, vitals and photo to the child, the usage, delivery and count to their supply, the
 * infection and the line's care to its line. A family task has one Done. The PN prescription has two versions (the first
 * ended by the second), the TPN entry follows the second, and the medication, given at set
 * times, has a dose given and one skipped. For export and import tests.
 */
export async function seedEveryRecordType(t: TestApp, user: TestUser) {
  const child = await created(
    user.post("/api/children", {
      name: "Sam Rivera",
      dateOfBirth: "2019-04-02",
      gender: "male",
      gestationalAgeWeeks: 34,
      gestationalAgeDays: 2,
      medicalDiagnosis: "Short bowel syndrome",
      notes: "Loves dinosaurs",
    }),
  );
  const childId = child.id;
  await created(
    user.post("/api/care-team", {
      name: "Dr. Priya Patel",
      role: "Gastroenterologist",
      phone: "555-0100",
      email: "ppatel@example.org",
      hospital: "Children's Hospital",
    }),
  );
  // Two versions of the PN prescription: the first ends the day before the second starts.
  await created(
    user.post("/api/pn-prescriptions", {
      childId,
      startDate: "2026-10-01",
      prescriber: "Dr. Priya Patel",
      bagVolumeMl: 900,
      infusionHours: 12,
      dextrosePercent: 12.5,
      aminoAcidsG: 22,
    }),
  );
  const prescription = await created(
    user.post("/api/pn-prescriptions", {
      childId,
      startDate: "2026-11-15",
      prescriber: "Dr. Priya Patel",
      bagVolumeMl: 1000,
      infusionHours: 12,
      taperUpMinutes: 60,
      taperDownMinutes: 60,
      dextrosePercent: 15,
      aminoAcidsG: 25,
      lipidG: 20,
      lipidProduct: "SMOFlipid 20%",
      additives: "Multivitamin 5 mL, trace elements 1 mL",
    }),
  );
  await created(
    user.post("/api/tpn", {
      childId,
      date: "2026-11-20",
      calories: "850.50",
      protein: "25",
      volume: "1000",
      duration: 12,
      pnPrescriptionId: prescription.id,
      lot: "B-4471",
      expiryDate: "2026-11-23",
      startTime: "19:45",
      stopTime: "07:50",
      interruptions: "Occlusion alarm at 02:10, restarted 02:20",
    }),
  );
  const supply = await created(
    user.post("/api/tpn-supplies", {
      name: "0.2 micron filter",
      category: "filters",
      currentStock: 12,
      minThreshold: 5,
      unit: "each",
      costPerUnit: "4.75",
      notes: "=cmd|' /C calc'!A0",
    }),
  );
  await created(
    user.post("/api/supply-usage", { supplyId: supply.id, quantityUsed: 2, usageDate: "2026-11-21" }),
  );
  // A delivery of 4 (stock 14), then a count of 13 (one fewer than the stock).
  const receipt = await user.post("/api/tpn-supplies/receipts", {
    lines: [{ supplyId: supply.id, quantity: 4, lot: "L-2291", expirationDate: "2027-06-30" }],
  });
  if (receipt.statusCode !== 201) throw new Error(`seed receipt: ${receipt.statusCode} ${receipt.body}`);
  const count = await user.post("/api/tpn-supplies/counts", {
    lines: [{ supplyId: supply.id, counted: 13 }],
  });
  if (count.statusCode !== 201) throw new Error(`seed count: ${count.statusCode} ${count.body}`);
  await created(
    user.post("/api/infusion-centers", {
      childId,
      name: "Riverside Home Infusion",
      phone: "555-0142",
      bloodDrawsPerWeek: 1,
    }),
  );
  const line = await created(
    user.post("/api/picc-lines", {
      childId,
      insertionDate: "2026-07-05",
      insertionSite: "left-arm",
      lineType: "double-lumen",
      insertedBy: "IR team",
    }),
  );
  await created(
    user.post("/api/picc-infections", {
      childId,
      piccLineId: line.id,
      infectionDate: "2026-10-28",
      infectionType: "bloodstream",
      organism: "Staphylococcus epidermidis",
      outcome: "resolved",
      hospitalAdmission: true,
    }),
  );
  await created(
    user.post("/api/line-care", {
      childId,
      piccLineId: line.id,
      kind: "dressing",
      date: "2026-11-20",
      time: "19:30",
      dressingType: "transparent",
      externalLengthCm: 2.5,
    }),
  );
  await created(
    user.post("/api/line-care", {
      childId,
      piccLineId: line.id,
      kind: "site-check",
      date: "2026-11-21",
      findings: ["redness"],
    }),
  );
  await created(
    user.post("/api/vitals", {
      childId,
      date: "2026-11-20",
      time: "03:10",
      kind: "temperature",
      value: 38.3,
      site: "axillary",
    }),
  );
  await created(user.post("/api/vitals", { childId, date: "2026-11-20", kind: "weight", value: 21.4 }));
  await created(
    user.post("/api/specialist-visits", {
      childId,
      doctorName: "Dr. Emily Chen",
      specialty: "Gastroenterology",
      date: "2026-11-15",
      time: "14:30",
    }),
  );
  await created(
    user.post("/api/lab-tests", {
      childId,
      testName: "Hemoglobin",
      date: "2026-11-10",
      status: "completed",
      results: "12.1 g/dL",
      normalRange: "11.5-15.5 g/dL",
    }),
  );
  await created(
    user.post("/api/symptoms", {
      childId,
      date: "2026-11-19",
      time: "03:10",
      symptoms: "fever, chills",
      painLevel: 4,
    }),
  );
  await created(
    user.post("/api/allergies", {
      childId,
      allergen: "Latex",
      reaction: "Hives",
      severity: "life-threatening",
    }),
  );
  const medication = await created(
    user.post("/api/medications", {
      childId,
      name: "Ursodiol",
      dosage: "60 mg",
      frequency: "Twice daily",
      startDate: "2026-01-01",
      sideEffects: "nausea",
      route: "By mouth",
      scheduleKind: "times",
      scheduleTimes: ["08:00", "20:00"],
    }),
  );
  // The morning dose given, the evening one skipped.
  await created(
    user.post("/api/medication-doses", {
      medicationId: medication.id,
      givenAt: "2026-11-20T08:05:00.000Z",
      amount: "60 mg",
    }),
  );
  await created(
    user.post("/api/medication-doses", {
      medicationId: medication.id,
      givenAt: "2026-11-20T20:00:00.000Z",
      status: "skipped",
      reason: "Vomiting after the night's feed",
    }),
  );
  await created(
    user.post("/api/notes", {
      childId,
      title: "Pump alarm",
      content: "Occlusion at 3 a.m.",
      tags: "pump, night",
    }),
  );
  await created(
    user.post("/api/physical-therapy", {
      childId,
      date: "2026-11-18",
      therapist: "Ana Lopez",
      exercises: "walking, balance",
      duration: 45,
    }),
  );
  await created(
    user.post("/api/food-diary", {
      childId,
      date: "2026-11-18",
      mealType: "lunch",
      foods: "rice, apple sauce",
    }),
  );
  await created(
    user.post("/api/medical-photos", {
      childId,
      title: "Exit site, day 3",
      category: "wound",
      dateTaken: "2026-11-20",
      photoUrl: await uploadTestPhoto(t, user),
    }),
  );
  const task = await created(
    user.post("/api/tasks", {
      childId,
      title: "Vent the G-tube",
      intervalHours: 4,
      startAt: "2026-11-20T08:00:00Z",
      notes: "Before each feed",
    }),
  );
  const taskDone = await user.post(`/api/tasks/family:${task.id}/done`, { notes: "Vented, no air" });
  if (taskDone.statusCode !== 200) throw new Error(`seed task done: ${taskDone.statusCode} ${taskDone.body}`);
  await seedDeclaredExamples(t, user);
  return {
    childId,
    supplyId: supply.id,
    lineId: line.id,
    prescriptionId: prescription.id,
    medicationId: medication.id,
  };
}

/**
 * A record of each type with a collection in the API that the family has none of yet, made from its
 * declaration's example body: a record type added later is seeded without a line here.
 */
async function seedDeclaredExamples(t: TestApp, user: TestUser) {
  const ids = new Map<string, string>();
  let serial = 0;
  for (const name of RECORD_NAMES) {
    const declared: RecordTypeDeclaration = RECORD_TYPES[name];
    if ("none" in declared.api) continue;
    const listed = (await user.get(declared.api.collection)).json() as { id: string }[];
    if (Array.isArray(listed) && listed[0]) {
      ids.set(name, listed[0].id);
      continue;
    }
    const body = declared.api.example({
      id: (type) => ids.get(type) ?? "",
      today: today(),
      serial: serial++,
      photoUrl: declared.restore?.photo ? await uploadTestPhoto(t, user) : "",
    });
    ids.set(name, (await created(user.post(declared.api.collection, body))).id);
  }
}
