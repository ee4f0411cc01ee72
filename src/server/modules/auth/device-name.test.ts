import { describe, expect, it } from "vitest";
import { deviceName } from "./device-name";

/** What Chrome on Android sends since its user agent reduction: the model is always "K". */
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const LINUX_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("a new passkey's name", () => {
  it("names the phone's model from the browser's client hints: 'Chrome on Pixel 7'", () => {
    expect(deviceName(ANDROID_CHROME, { model: "Pixel 7", platform: "Android", mobile: true })).toBe(
      "Chrome on Pixel 7",
    );
    // The hints as request headers (Sec-CH-UA-Model is a quoted string).
    expect(deviceName(ANDROID_CHROME, { model: '"SM-S918B"', platform: '"Android"' })).toBe(
      "Chrome on SM-S918B",
    );
  });

  it("names an iPhone, and a phone's model written in an older user agent", () => {
    expect(deviceName(IPHONE_SAFARI)).toBe("Safari on iPhone");
    expect(
      deviceName(
        "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome on Pixel 7");
    expect(deviceName(ANDROID_CHROME)).toBe("Chrome on Android phone");
  });

  it("tells a phone's browser from a desktop's when the hints say what the agent hides", () => {
    // A desktop's Chrome on Linux says so; the platform hint can say Chrome OS or Windows instead.
    expect(deviceName(LINUX_CHROME)).toBe("Chrome on Linux");
    expect(deviceName(LINUX_CHROME, { platform: '"Chrome OS"', model: '""' })).toBe("Chrome on Chromebook");
  });
});
