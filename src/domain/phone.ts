/** Phone numbers, without the validation library: the dashboard checks them in the browser too. */

const PHONE_EXAMPLE = "+1 555-0100";
const PHONE_PATTERN = /^\+?[\d ().-]+$/;
const MIN_PHONE_DIGITS = 7;

/**
 * Whether text looks like a phone number: digits with spaces, dashes, dots and parentheses, an
 * optional leading +, and at least 7 digits ("+1 555-0100", "(555) 123-4567", "555.0199").
 */
export function isPhoneNumber(text: string): boolean {
  return PHONE_PATTERN.test(text) && (text.match(/\d/g)?.length ?? 0) >= MIN_PHONE_DIGITS;
}

/** The message of a phone field that is not a phone number: 'Phone must be a phone number such as +1 555-0100'. */
export const phoneMessage = (label: string) => `${label} must be a phone number such as ${PHONE_EXAMPLE}`;
