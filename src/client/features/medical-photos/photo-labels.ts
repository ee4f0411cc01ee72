import { Bandage, CircleDot, Droplet, type LucideIcon, Scissors, Shapes, Waves } from "lucide-react";
import { PHOTO_CATEGORY_LABELS, type PhotoCategory } from "@/domain/photos";

/** Each photo category's label and icon (spec section 3). */
export const PHOTO_CATEGORY_INFO: Record<PhotoCategory, { label: string; icon: LucideIcon }> = {
  wound: { label: PHOTO_CATEGORY_LABELS.wound, icon: Bandage },
  rash: { label: PHOTO_CATEGORY_LABELS.rash, icon: CircleDot },
  bruising: { label: PHOTO_CATEGORY_LABELS.bruising, icon: Droplet },
  swelling: { label: PHOTO_CATEGORY_LABELS.swelling, icon: Waves },
  surgical_site: { label: PHOTO_CATEGORY_LABELS.surgical_site, icon: Scissors },
  other: { label: PHOTO_CATEGORY_LABELS.other, icon: Shapes },
};
