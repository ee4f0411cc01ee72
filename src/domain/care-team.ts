import { z } from "zod";
import { optionalPhone, optionalText, requiredText } from "./fields";
import { nullableText, recordBase, type Wire } from "./records";

/** A member of the child's care team: a doctor, nurse, dietitian, pharmacist... */
export const careTeamMemberInput = z.object({
  name: requiredText("Name"),
  role: requiredText("Role"),
  specialty: optionalText(200),
  phone: optionalPhone("Phone"),
  email: z
    .union([z.literal(""), z.null(), z.email({ message: "Email must be a valid email address" }).max(320)])
    .optional()
    .transform((v) => (v ? v : null)),
  hospital: optionalText(200),
  notes: optionalText(),
});

export type CareTeamMemberInput = z.input<typeof careTeamMemberInput>;
export type CareTeamMemberValues = z.output<typeof careTeamMemberInput>;

/** A care team member as the API returns it. */
export const careTeamMemberRecord = z.object({
  ...recordBase,
  name: z.string(),
  role: z.string(),
  specialty: nullableText,
  phone: nullableText,
  email: nullableText,
  hospital: nullableText,
  notes: nullableText,
});
export type CareTeamMember = Wire<typeof careTeamMemberRecord>;
