/** The notification settings page's note under the email address: an address saved but not
 * yet confirmed says to check the inbox (in every language, in its own words), a confirmed
 * one says so, a guest is told that only an account with a password gets email. */

import { describe, expect, it } from "vitest";
import { LANGS, t } from "../src/i18n";
import { emailNoteKey, type NotifySettingsData } from "../src/pages/notifysettings";

const saved: NotifySettingsData = {
  email: "ann@example.org",
  webhook_url: null,
  notify_email: true,
  notify_webhook: true,
  email_confirmed: false,
  email_allowed: true,
  email_available: true,
};

describe("the email address's note", () => {
  it("waits for confirmation until the link is followed, then says it is confirmed", () => {
    expect(emailNoteKey(saved)).toBe("notify.email_pending");
    expect(emailNoteKey({ ...saved, email_confirmed: true })).toBe("notify.email_confirmed");
  });

  it("says nothing without an address, while loading, or when the server sends no email", () => {
    expect(emailNoteKey({ ...saved, email: null })).toBeNull();
    expect(emailNoteKey(null)).toBeNull();
    expect(emailNoteKey({ ...saved, email_available: false })).toBeNull();
  });

  it("tells a guest that only an account with a password gets email", () => {
    expect(emailNoteKey({ ...saved, email: null, email_allowed: false })).toBe("notify.guest_email");
  });

  it("is worded in every language", () => {
    const inbox = { en: /inbox/, nl: /inbox/, de: /Posteingang/ };
    for (const lang of LANGS) {
      for (const key of ["notify.email_pending", "notify.email_confirmed", "notify.guest_email"]) {
        expect(t(lang, key), `${lang} ${key}`).not.toBe(key);
        if (lang !== "en") expect(t(lang, key)).not.toBe(t("en", key));
      }
      expect(t(lang, "notify.email_pending")).toMatch(inbox[lang]);
      expect(t(lang, "error.password_needed")).not.toBe("error.password_needed");
    }
  });
});
