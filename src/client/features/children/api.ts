import { type Child, type ChildInput, childrenApi } from "@/client/lib/children-api";

export type { Child, ChildInput };
export { childrenApi };
