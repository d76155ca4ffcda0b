/** The browser notification of a turn: shown only where the browser has one and the player's
 * permission was granted, one at a time (a newer replaces the older: one tag), and the tab's
 * title says whose turn it is. */

import { afterEach, describe, expect, it, vi } from "vitest";
import { notificationsSupported, pageTitle, showNotification } from "../src/table/attention";

class FakeNotification {
  static permission = "granted";
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  constructor(
    readonly title: string,
    readonly options: { body?: string; tag?: string },
  ) {
    FakeNotification.shown.push(this);
  }
  close(): void {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeNotification.shown = [];
});

describe("turn notifications", () => {
  it("are not offered where the browser has none", () => {
    expect(notificationsSupported()).toBe(false);
    showNotification("Your turn", "Cartagena · t1"); // does nothing, throws nothing
    vi.stubGlobal("window", {});
    expect(notificationsSupported()).toBe(false);
  });

  it("show the turn with one tag once permission is granted", () => {
    vi.stubGlobal("Notification", FakeNotification);
    vi.stubGlobal("window", { Notification: FakeNotification, focus: () => undefined });
    expect(notificationsSupported()).toBe(true);
    showNotification("Your turn", "Cartagena · t1");
    showNotification("Your turn", "Cartagena · t1");
    expect(FakeNotification.shown.map((n) => [n.title, n.options.body, n.options.tag])).toEqual([
      ["Your turn", "Cartagena · t1", "buccaneer-turn"],
      ["Your turn", "Cartagena · t1", "buccaneer-turn"],
    ]);
  });

  it("are not shown without permission", () => {
    FakeNotification.permission = "denied";
    vi.stubGlobal("Notification", FakeNotification);
    vi.stubGlobal("window", { Notification: FakeNotification });
    showNotification("Your turn", "Cartagena · t1");
    expect(FakeNotification.shown).toEqual([]);
    FakeNotification.permission = "granted";
  });

  it("leave the tab's title saying it is your turn", () => {
    expect(pageTitle(true, "Your turn", "Cartagena · t1")).toBe("▶ Your turn · Cartagena · t1");
    expect(pageTitle(false, "Your turn", "Cartagena · t1")).toBe("Cartagena · t1");
  });
});
