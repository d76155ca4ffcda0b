import { describe, expect, it } from "vitest";
import { timeLeft } from "../src/pages/mytables";

describe("timeLeft", () => {
  it("words a time bank's rest in its two largest units", () => {
    expect(timeLeft("en", 2 * 86400 + 3 * 3600 + 59)).toBe("2 d 3 h left");
    expect(timeLeft("en", 3 * 3600 + 20 * 60)).toBe("3 h 20 min left");
    expect(timeLeft("en", 119)).toBe("1 min left");
    expect(timeLeft("en", 20)).toBe("1 min left");
    expect(timeLeft("nl", 86400)).toBe("nog 1 d");
    expect(timeLeft("de", 3600)).toBe("noch 1 Std.");
    expect(timeLeft("en", 0)).toBe("time is up");
  });
});
