/**
 * What the API's description says beyond the routes' schemas (plugins/openapi.ts): the groups and
 * their words, the error answers, and the few routes whose answers or bodies are no JSON record or
 * that can answer more than their kind implies. A new group takes its line in `TAGS`.
 */

/**
 * The tag of a route is the first segment of its path after `/api` (`/api/care-team/:id` is
 * `care-team`), except for these paths, which belong to another resource's group.
 */
export const TAG_OF_SEGMENT: Readonly<Record<string, string>> = {
  login: "auth",
  logout: "auth",
  callback: "auth",
  profile: "account",
  invitations: "family",
  shared: "share-links",
  "fluid-intake": "intake-output",
  "fluid-output": "intake-output",
  "fluid-limits": "intake-output",
  "lab-panels": "lab-results",
  "reminder-actions": "tasks",
  "supply-usage": "tpn-supplies",
  "supply-stock-events": "tpn-supplies",
  "supply-kits": "tpn-supplies",
  "care-summary": "exports",
  "notification-settings": "notifications",
};

/** What each group holds, in the order the reference lists them. */
export const TAGS: readonly { name: string; description: string }[] = [
  {
    name: "auth",
    description:
      "Signing in and out (password, two-factor codes, passkeys, OpenID Connect), the signed-in person.",
  },
  {
    name: "health",
    description: "Whether the server can serve: its database answers and holds every migration.",
  },
  {
    name: "api-tokens",
    description: "Personal API tokens: made, listed and revoked by the person, in the app only.",
  },
  { name: "account", description: "The person's profile, storage use, export and restore, deleting data." },
  { name: "family", description: "The family, its members and roles, invitations, contact and settings." },
  {
    name: "share-links",
    description: "Expiring clinic links to a child's summary, and the summary they open.",
  },
  { name: "dashboard", description: "The dashboard's counts and recent activity." },
  { name: "children", description: "The children whose care is recorded." },
  { name: "care-team", description: "Doctors, nurses and other people in the child's care." },
  { name: "pn-prescriptions", description: "Versions of the parenteral nutrition prescription." },
  { name: "tpn", description: "TPN bags hung and their daily totals." },
  { name: "medications", description: "Medications and their schedules." },
  { name: "medication-doses", description: "Doses given." },
  { name: "vitals", description: "Vital signs: temperature, weight, heart rate and the rest." },
  { name: "growth", description: "Growth against the WHO and CDC references." },
  { name: "symptoms", description: "Symptoms and pain, and their heatmap." },
  { name: "allergies", description: "Allergies and reactions." },
  {
    name: "lab-tests",
    description: "Lab tests as the spec lists them: name, date, status and results in words.",
  },
  {
    name: "lab-results",
    description: "Lab results with numbers: analytes, units, the lab's ranges and flags.",
  },
  {
    name: "intake-output",
    description:
      "Feeds, drinks and IV fluids besides the PN bag, output, the team's limits, a day's balance and the road off PN.",
  },
  { name: "specialist-visits", description: "Visits to specialists." },
  { name: "physical-therapy", description: "Physical therapy sessions." },
  { name: "food-diary", description: "What the child ate and drank." },
  { name: "notes", description: "Free notes." },
  { name: "picc-lines", description: "Central lines, their care status and complication rates." },
  { name: "picc-infections", description: "Line infections." },
  { name: "line-care", description: "Dressing changes, cap changes and flushes of a line." },
  { name: "tpn-supplies", description: "Supplies, their stock, deliveries, counts and usage." },
  { name: "infusion-centers", description: "Infusion centres and pharmacies." },
  { name: "tasks", description: "Care tasks, their reminders, and the actions a reminder's link offers." },
  { name: "notifications", description: "The in-app inbox and how each person is notified." },
  { name: "medical-photos", description: "Photos of wounds, rashes and sites, and their details." },
  {
    name: "objects",
    description: "Uploading a photo (a URL to send it to, then its check) and reading it back.",
  },
  { name: "exports", description: "Exports of the family's records and the care summary." },
  { name: "backups", description: "How the server's nightly backups of the whole installation go (owners)." },
];

/** The error answers, each a `{ message, issues? }` body (plugins/errors.ts), by status. */
export const ERROR_RESPONSES: Readonly<Record<number, { name: string; description: string }>> = {
  400: {
    name: "BadRequest",
    description:
      "The request is not valid: `message` says why, and `issues` names each field at fault (`path`, dotted).",
  },
  401: { name: "Unauthorized", description: "Not signed in: no live session." },
  403: {
    name: "Forbidden",
    description:
      "The person's role in the family does not allow this, or the request was sent from another site.",
  },
  404: {
    name: "NotFound",
    description:
      "No such record, or it belongs to another family or a child kept from this member (answered alike).",
  },
  409: {
    name: "Conflict",
    description:
      "The request conflicts with what is stored (an id used by another record, a change made at the same time, a rule across records); `message` says which.",
  },
  410: {
    name: "Gone",
    description: "What the request names is gone: a record deleted, a link expired or used.",
  },
  413: { name: "PayloadTooLarge", description: "The body or the file is too large." },
  415: {
    name: "UnsupportedMediaType",
    description: "The body is not of a type this call reads (JSON, unless said otherwise).",
  },
  429: {
    name: "TooManyRequests",
    description: "Too many attempts: `Retry-After` says how many seconds to wait.",
  },
  503: { name: "ServiceUnavailable", description: "The server cannot do this now; `message` says why." },
};

/** Statuses a route answers beyond those its kind implies (`errorStatuses`, openapi.ts), by `METHOD path`. */
export const EXTRA_STATUSES: Readonly<Record<string, readonly number[]>> = {
  "POST /api/auth/register": [409, 429],
  "POST /api/auth/login": [401, 429],
  "POST /api/auth/email-confirmation": [429, 503],
  "POST /api/auth/email-confirmation/confirm": [404, 409, 410],
  "POST /api/auth/password": [429],
  "POST /api/auth/password-reset": [429],
  "POST /api/auth/password-reset/confirm": [404, 410, 429],
  "POST /api/auth/passkeys/authentication/verify": [401, 429],
  "POST /api/auth/login/two-factor": [401, 429],
  "POST /api/auth/two-factor/enable": [429],
  "POST /api/auth/two-factor/disable": [429],
  "POST /api/auth/two-factor/recovery-codes": [429],
  "POST /api/invitations/preview": [404, 409, 410],
  "POST /api/invitations/accept": [410],
  "POST /api/invitations/request": [410],
  "POST /api/family/invitations": [429],
  "POST /api/reminder-actions/{token}": [409, 410],
  "POST /api/objects/upload": [413, 429],
  "PUT /api/objects/upload/{id}": [413, 415],
  "PUT /api/objects/metadata": [413, 415],
  "POST /api/account/export-email": [429],
  "POST /api/account/import": [413, 415, 503],
  "POST /api/notification-settings/test": [429],
};

/** Answers that are no JSON record (redirects, files, nothing), by `METHOD path`. */
export const OTHER_ANSWERS: Readonly<Record<string, Record<string, unknown>>> = {
  "GET /api/login": {
    302: { type: "null", description: "To the identity provider, or to the sign-in form (local accounts)." },
  },
  "GET /api/callback": {
    302: {
      type: "null",
      description: "Back to the app, signed in (or to the sign-in form, saying why not).",
    },
  },
  "GET /api/logout": { 302: { type: "null", description: "To the landing page, signed out." } },
  "GET /api/account/export": {
    200: files("The export, as a download in the format asked for (`format`).", [
      "application/json",
      "application/fhir+json",
      "application/zip",
      "application/pdf",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ]),
  },
  "PUT /api/objects/upload/{id}": {
    200: { type: "null", description: "The file was received; check it next." },
  },
  "GET /objects/uploads/{id}": {
    200: files("The photo, without its metadata (GPS position, camera).", ["image/*"]),
  },
  "GET /objects/uploads/{id}/thumbnail": { 200: files("The photo's thumbnail.", ["image/*"]) },
};

/** Bodies that are no JSON record (files), by `METHOD path`. */
export const OTHER_BODIES: Readonly<Record<string, Record<string, unknown>>> = {
  "PUT /api/objects/upload/{id}": files("The photo's bytes, as many as the upload URL was made for.", [
    "image/*",
  ]),
  "POST /api/account/import": files("A backup (ZIP) or a JSON export of the account.", [
    "application/zip",
    "application/json",
  ]),
};

/** An answer (or a body) that is a file, of one of `types`. */
function files(description: string, types: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(
      types.map((type) => [
        type,
        { schema: type.endsWith("json") ? { type: "object" } : { type: "string", contentMediaType: type } },
      ]),
    ),
  };
}

/** The JSON Schema of an error body, as plugins/errors.ts writes it. */
export const ERROR_BODY = {
  type: "object",
  required: ["message"],
  properties: {
    message: { type: "string", description: "What went wrong, in words a person can be shown." },
    issues: {
      type: "array",
      description: "For invalid input: each field at fault.",
      items: {
        type: "object",
        required: ["path", "message"],
        properties: {
          path: {
            type: "string",
            description: "The field, dotted (`lines.3.quantity`); empty for the whole body.",
          },
          message: { type: "string" },
        },
      },
    },
  },
};
