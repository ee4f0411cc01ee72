import { sharedRecordType } from "./declaration";

export const tpnEntriesType = sharedRecordType({
  entity: "tpn_entry",
  activity: {
    tpn_entry: { label: "TPN entry", strip: /^TPN entry\s+/i },
  },
  nav: { label: "TPN Nutrition", href: "/tpn-nutrition", icon: "Droplets", short: "TPN", place: 30 },
});
