import { Bandage, CircleDot, Droplet, type LucideIcon, Scissors, Shapes, Waves } from "lucide-react";
import type { PhotoCategory, PhotoSeverity } from "@/domain/photos";

/** Each photo category's label and icon (spec section 3). */
export const PHOTO_CATEGORY_INFO: Record<PhotoCategory, { label: string; icon: LucideIcon }> = {
  wound: { label: "Wound", icon: Bandage },
  rash: { label: "Rash", icon: CircleDot },
  bruising: { label: "Bruising", icon: Droplet },
  swelling: { label: "Swelling", icon: Waves },
  surgical_site: { label: "Surgical Site", icon: Scissors },
  other: { label: "Other", icon: Shapes },
};

export const PHOTO_SEVERITY_LABELS: Record<PhotoSeverity, string> = {
  mild: "Mild",
  moderate: "Moderate",
  severe: "Severe",
};
