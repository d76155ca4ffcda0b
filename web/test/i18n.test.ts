import { describe, expect, it } from "vitest";
import { LANGS, preferredLang, t, WORDS } from "../src/i18n";

describe("languages", () => {
  it("every language has every word the English has, with the same placeholders", () => {
    for (const lang of LANGS) {
      for (const [key, english] of Object.entries(WORDS.en)) {
        const words = WORDS[lang][key];
        expect(words, `${lang}: ${key}`).toBeTruthy();
        const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(holes(words!), `${lang}: ${key}`).toEqual(holes(english));
      }
    }
  });

  it("picks the browser's language when it is one of ours, a saved choice first", () => {
    expect(preferredLang(["de-AT", "en"], null)).toBe("de");
    expect(preferredLang(["fr-FR", "nl-BE"], null)).toBe("nl");
    expect(preferredLang(["fr-FR"], null)).toBe("en");
    expect(preferredLang(["de-DE"], "nl")).toBe("nl");
    expect(preferredLang(["de-DE"], "xx")).toBe("de");
  });

  it("fills placeholders", () => {
    expect(t("nl", "lobby.seat", { n: 3 })).toBe("Plaats 3");
    expect(t("de", "table.clock", { s: 9 })).toBe("noch 9 s");
  });
});
