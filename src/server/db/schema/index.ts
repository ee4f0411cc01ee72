export * from "./care-records";
export * from "./children";
export * from "./journals";
export * from "./photos";
export * from "./picc";
export * from "./supplies";
export * from "./users";
