import { sharedRecordType } from "./declaration";

export const tpnSuppliesType = sharedRecordType({
  entity: "tpn_supply",
  activity: {
    tpn_supply: { label: "TPN supply" },
  },
  nav: { label: "TPN Supplies", href: "/tpn-supplies", icon: "Package", short: "Supplies", place: 50 },
});
