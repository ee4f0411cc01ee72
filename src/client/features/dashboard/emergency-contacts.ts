/** The emergency numbers live only in this browser's storage, under one key each (spec). */
export const EMERGENCY_STORAGE_KEYS = {
  pharmacy: "mct.emergency.pharmacy",
  nurse: "mct.emergency.nurse",
} as const;

export type EmergencyContacts = Record<keyof typeof EMERGENCY_STORAGE_KEYS, string>;

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
