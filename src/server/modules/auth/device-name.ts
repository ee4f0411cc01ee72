/**
 * What the browser says of its device beyond its user agent (User-Agent Client Hints): the
 * platform ("Android", "Windows", "Chrome OS") and the model ("Pixel 7"), sent by the page from
 * `navigator.userAgentData` or read from the Sec-CH-UA-Platform and Sec-CH-UA-Model headers
 * (quoted strings). Browsers with user agent reduction write "Android 10; K" for every phone, so
 * only the hints name the model.
 */
export interface DeviceHints {
  platform?: string | undefined;
  model?: string | undefined;
  mobile?: boolean | undefined;
}

/** A hint's value without the quotes of its header form; undefined when empty. */
const hint = (value: string | undefined) =>
  value
    ?.trim()
    .replace(/^"(.*)"$/, "$1")
    .trim() || undefined;

const PLATFORM_NAMES: Record<string, string> = {
  windows: "Windows",
  macos: "Mac",
  "chrome os": "Chromebook",
  chromeos: "Chromebook",
  linux: "Linux",
  ios: "iPhone",
};

/** A phone's model as an older (unreduced) Android user agent writes it: "Android 13; Pixel 7)". */
function androidModel(ua: string): string | undefined {
  const model = /Android [\d.]+; ([^;)]+?)(?: Build\/[^;)]*)?\)/.exec(ua)?.[1]?.trim();
  return model && model !== "K" ? model : undefined;
}

function deviceOf(ua: string, hints: DeviceHints): string | undefined {
  const model = hint(hints.model);
  if (model) return model;
  if (/iPhone/.test(ua)) return "iPhone";
  if (/iPad/.test(ua)) return "iPad";
  if (/Android/.test(ua)) {
    return androidModel(ua) ?? (/Mobile/.test(ua) || hints.mobile ? "Android phone" : "Android tablet");
  }
  const platform = hint(hints.platform)?.toLowerCase();
  if (platform && PLATFORM_NAMES[platform]) return PLATFORM_NAMES[platform];
  if (/Windows/.test(ua)) return "Windows";
  if (/Macintosh|Mac OS X/.test(ua)) return "Mac";
  if (/CrOS/.test(ua)) return "Chromebook";
  if (/Linux/.test(ua)) return "Linux";
  return undefined;
}

/** The browser a user agent names: "Chrome", "Safari", "Firefox", "Edge", "Samsung Internet". */
function browserOf(ua: string): string | undefined {
  if (/Edg\//.test(ua)) return "Edge";
  if (/Firefox\/|FxiOS\//.test(ua)) return "Firefox";
  if (/SamsungBrowser\//.test(ua)) return "Samsung Internet";
  if (/Chrome\/|CriOS\//.test(ua)) return "Chrome";
  if (/Safari\//.test(ua)) return "Safari";
  return undefined;
}

/**
 * The browser and the device (the phone's model, or the system: "iPhone", "Android phone",
 * "Windows", "Mac") a user agent and its hints name; either may be unknown. A few patterns for the
 * browsers people use, not a full parser: a name only helps a person tell their devices apart.
 */
export function describeDevice(
  userAgent: string | null | undefined,
  hints: DeviceHints = {},
): { browser: string | undefined; device: string | undefined } {
  const ua = userAgent ?? "";
  return { browser: browserOf(ua), device: deviceOf(ua, hints) };
}

/**
 * A name for a passkey from the browser that made it ("Chrome on Pixel 7", "Safari on iPhone"), so
 * a list of passkeys reads as the family's devices. Only a default: Settings asks for a name once
 * it is added, and the person can rename it.
 */
export function deviceName(userAgent: string | undefined, hints: DeviceHints = {}): string {
  const { browser, device } = describeDevice(userAgent, hints);
  if (device && browser) return `${browser} on ${device}`;
  return device ?? browser ?? "Passkey";
}
