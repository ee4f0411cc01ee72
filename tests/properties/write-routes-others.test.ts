import { describeWriteRoutes } from "./write-routes";

// Generated requests to every other write route (tests/properties/write-routes.ts says what is checked).
describeWriteRoutes("generated requests to the other write routes", [
  "public routes",
  "the account's end",
  "the deletion of the family or its records",
  "the family, its members, invitations and links",
  "the person's sign-in, tokens and notifications",
  "photos, exports and restores",
]);
