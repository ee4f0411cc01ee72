export * from "./care-records";
export * from "./children";
export * from "./journals";
export * from "./photos";
export * from "./picc";
export * from "./record-counts";
export * from "./supplies";
export * from "./users";
