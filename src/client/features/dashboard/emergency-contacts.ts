import { isPhoneNumber, phoneMessage } from "@/domain/phone";

/** The emergency numbers live only in this browser's storage, under one key each (spec). */
export const EMERGENCY_STORAGE_KEYS = {
  pharmacy: "mct.emergency.pharmacy",
  nurse: "mct.emergency.nurse",
} as const;

export type EmergencyContactKey = keyof typeof EMERGENCY_STORAGE_KEYS;
export type EmergencyContacts = Record<EmergencyContactKey, string>;

/** The inputs' labels, which their messages name. */
export const EMERGENCY_INPUT_LABELS: EmergencyContacts = {
  pharmacy: "Pharmacy phone",
  nurse: "Nurse phone",
};

/**
 * The message of each number that is set but is not a phone number, by the rule the care team's
 * and infusion centers' phone fields follow. An empty number is fine: it shows as 'Not set'.
 */
export function emergencyContactErrors(contacts: EmergencyContacts): Partial<EmergencyContacts> {
  const errors: Partial<EmergencyContacts> = {};
  for (const key of Object.keys(EMERGENCY_STORAGE_KEYS) as EmergencyContactKey[]) {
    const number = contacts[key].trim();
    if (number && !isPhoneNumber(number)) errors[key] = phoneMessage(EMERGENCY_INPUT_LABELS[key]);
  }
  return errors;
}

export function readEmergencyContacts(): EmergencyContacts {
  const read = (key: string) => {
    try {
      return window.localStorage.getItem(key) ?? "";
    } catch {
      return "";
    }
  };
  return { pharmacy: read(EMERGENCY_STORAGE_KEYS.pharmacy), nurse: read(EMERGENCY_STORAGE_KEYS.nurse) };
}

/** Stores both numbers (an empty one as an empty text). */
export function saveEmergencyContacts(contacts: EmergencyContacts): void {
  try {
    window.localStorage.setItem(EMERGENCY_STORAGE_KEYS.pharmacy, contacts.pharmacy);
    window.localStorage.setItem(EMERGENCY_STORAGE_KEYS.nurse, contacts.nurse);
  } catch {
    // Private browsing without storage: the numbers last until the page is reloaded.
  }
}
