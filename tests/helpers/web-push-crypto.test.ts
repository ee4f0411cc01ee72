import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { decryptAes128gcm, receiverKeys, verifyVapidToken } from "./web-push-crypto";

const u = (text: string) => Buffer.from(text, "base64url");

describe("the test receiver of Web Push", () => {
  it("decrypts RFC 8291's example message (section 5) with the receiver's keys", () => {
    const keys = receiverKeys(u("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"), u("BTBZMqHH6r4Tts7J_aSIgg"));
    expect(keys.json.p256dh).toBe(
      "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
    );
    const body = u(
      "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
    );
    expect(decryptAes128gcm(body, keys).toString("utf8")).toBe("When I grow up, I want to be a watermelon");
  });

  it("refuses a message encrypted to somebody else's keys", () => {
    const mine = receiverKeys();
    const theirs = receiverKeys();
    const encrypted = webpush.encrypt(theirs.json.p256dh, theirs.json.auth, "hello", "aes128gcm");
    expect(() => decryptAes128gcm(encrypted.cipherText, mine)).toThrow();
    expect(decryptAes128gcm(encrypted.cipherText, theirs).toString()).toBe("hello");
  });

  it("checks a VAPID token's signature, audience and expiry", () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    const now = new Date();
    const exp = Math.floor(now.getTime() / 1000) + 3600;
    const header = (audience: string, pub = publicKey, priv = privateKey) =>
      /t=([^,]+), k=(.+)$/.exec(
        webpush.getVapidHeaders(audience, "mailto:a@example.org", pub, priv, "aes128gcm", exp).Authorization,
      )!;
    const [, token, key] = header("https://push.example.org");
    expect(verifyVapidToken(token!, key!, "https://push.example.org", now)).toMatchObject({
      aud: "https://push.example.org",
      exp,
      sub: "mailto:a@example.org",
    });
    expect(() => verifyVapidToken(token!, key!, "https://other.example.org", now)).toThrow(/aud/);
    expect(() => verifyVapidToken(token!, other.publicKey, "https://push.example.org", now)).toThrow(
      /signature/,
    );
    expect(() =>
      verifyVapidToken(token!, key!, "https://push.example.org", new Date(now.getTime() + 2 * 3600_000)),
    ).toThrow(/expired/);
  });
});
