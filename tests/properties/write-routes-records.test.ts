import { describeWriteRoutes } from "./write-routes";

// Generated requests to the record types' routes (tests/properties/write-routes.ts says what is checked).
describeWriteRoutes("generated requests to every record type's write routes", ["records"]);
