import { timeZoneNames } from "./time-zones";

/**
 * Common cities that no IANA zone is named after, and their zone (the zones' own cities, such as
 * Honolulu or New York, are found from the zone names). A family types the city it lives in.
 */
const CITY_ZONES: Record<string, string> = {
  Atlanta: "America/New_York",
  Austin: "America/Chicago",
  Baltimore: "America/New_York",
  Birmingham: "Europe/London",
  Boston: "America/New_York",
  Brisbane: "Australia/Brisbane",
  Calgary: "America/Edmonton",
  Charlotte: "America/New_York",
  Cincinnati: "America/New_York",
  Cleveland: "America/New_York",
  Columbus: "America/New_York",
  Dallas: "America/Chicago",
  Dublin: "Europe/Dublin",
  Edinburgh: "Europe/London",
  Glasgow: "Europe/London",
  Hamburg: "Europe/Berlin",
  Houston: "America/Chicago",
  Leeds: "Europe/London",
  Liverpool: "Europe/London",
  Lyon: "Europe/Paris",
  Manchester: "Europe/London",
  Miami: "America/New_York",
  Milan: "Europe/Rome",
  Minneapolis: "America/Chicago",
  Munich: "Europe/Berlin",
  Nashville: "America/Chicago",
  "New Delhi": "Asia/Kolkata",
  Mumbai: "Asia/Kolkata",
  Orlando: "America/New_York",
  Ottawa: "America/Toronto",
  Philadelphia: "America/New_York",
  Pittsburgh: "America/New_York",
  Portland: "America/Los_Angeles",
  "Salt Lake City": "America/Denver",
  "San Antonio": "America/Chicago",
  "San Diego": "America/Los_Angeles",
  "San Francisco": "America/Los_Angeles",
  "San Jose": "America/Los_Angeles",
  Seattle: "America/Los_Angeles",
  "St. Louis": "America/Chicago",
  Washington: "America/New_York",
  "Washington DC": "America/New_York",
};

const key = (text: string) =>
  text
    .trim()
    .replace(/[\s_]+/g, " ")
    .toLowerCase();

/** A zone's city as people write it: "America/New_York" -> "New York", "America/Indiana/Knox" -> "Knox". */
const cityOf = (zone: string) => (zone.split("/").at(-1) ?? zone).replace(/_/g, " ");

interface Place {
  label: string;
  zone: string;
}

let places: Place[] | undefined;
function allPlaces(): Place[] {
  if (!places) {
    const zones = timeZoneNames();
    const known = new Set(zones);
    places = [
      ...zones.filter((zone) => zone.includes("/")).map((zone) => ({ label: cityOf(zone), zone })),
      ...Object.entries(CITY_ZONES)
        .filter(([, zone]) => known.has(zone))
        .map(([label, zone]) => ({ label, zone })),
    ];
  }
  return places;
}

/** How the list writes a city's choice: "Boston (America/New_York)". */
const choiceOf = (place: Place) => `${place.label} (${place.zone})`;

/**
 * The IANA zone a person means by what they typed: a zone's name ("Europe/Paris", any case), a
 * city ("Honolulu", "new york", "Boston"), or a choice of the list ("Boston (America/New_York)");
 * undefined when it names no place known.
 */
export function findTimeZone(typed: string): string | undefined {
  const wanted = key(typed);
  if (!wanted) return undefined;
  const choice = /\(([^()]+)\)\s*$/.exec(typed);
  const text = choice?.[1] ? key(choice[1]) : wanted;
  const zone = timeZoneNames().find((name) => key(name) === text);
  if (zone) return zone;
  return allPlaces().find((place) => key(place.label) === text)?.zone;
}

/** The list's choices for what is typed so far: cities and zones that start with it, at most `limit`. */
export function timeZoneChoices(typed: string, limit = 50): string[] {
  const wanted = key(typed);
  if (!wanted) return timeZoneNames().slice(0, limit);
  const cities = allPlaces()
    .filter((place) => key(place.label).startsWith(wanted))
    .map(choiceOf);
  const zones = timeZoneNames().filter((name) => key(name).includes(wanted));
  return [...new Set([...cities, ...zones])].slice(0, limit);
}
