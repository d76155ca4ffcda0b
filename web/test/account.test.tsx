/** Accounts in the client: the checks a form makes before sending, the reset link's token
 * taken from the address (and removed from it), what each call sends and keeps, the words of
 * the refusals, and the forms' fields (labels, autocomplete) in every language. */

import { render } from "preact-render-to-string";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accounts, DEVICES_KEY, dropSession, keepSession, keptSession, nameProblem, passwordProblem, resetToken, takeResetToken } from "../src/account";
import { ApiError, SESSION_KEY } from "../src/api";
import { LangContext } from "../src/app";
import { LANGS, t, WORDS } from "../src/i18n";
import { accountRefusal, SignInForms } from "../src/pages/account";

class Store {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

interface Sent {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

/** A fake fetch answering each call with `answer` (status and JSON body). */
function serve(answer: (sent: Sent) => [number, unknown]): Sent[] {
  const seen: Sent[] = [];
  vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const sent = {
      method: init.method ?? "GET",
      path,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      authorization: headers["authorization"],
    };
    seen.push(sent);
    const [status, body] = answer(sent);
    return new Response(status === 204 ? null : JSON.stringify(body), { status });
  });
  return seen;
}

beforeEach(() => {
  vi.stubGlobal("localStorage", new Store());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the forms' checks", () => {
  it("a new password has 8 to 200 characters and is typed the same twice", () => {
    expect(passwordProblem("short", "short")).toBe("account.short");
    expect(passwordProblem("1234567", "1234567")).toBe("account.short");
    expect(passwordProblem("12345678", "12345678")).toBeNull();
    expect(passwordProblem("12345678", "12345679")).toBe("account.mismatch");
    expect(passwordProblem("x".repeat(200), "x".repeat(200))).toBeNull();
    expect(passwordProblem("x".repeat(201), "x".repeat(201))).toBe("account.long");
    // Length first: a short password is said to be short even when the repeat differs.
    expect(passwordProblem("abc", "abd")).toBe("account.short");
  });

  it("a name is needed (unless optional) and has at most 40 characters", () => {
    expect(nameProblem("")).toBe("account.name_needed");
    expect(nameProblem("   ")).toBe("account.name_needed");
    expect(nameProblem("   ", true)).toBeNull();
    expect(nameProblem(" Anne ")).toBeNull();
    expect(nameProblem("a".repeat(40))).toBeNull();
    expect(nameProblem("a".repeat(41))).toBe("account.name_long");
    // Characters as the server counts them (code points), not UTF-16 units.
    expect(nameProblem("𝒜".repeat(40))).toBeNull();
  });

  it("every word a check can give exists in every language", () => {
    for (const key of ["account.short", "account.long", "account.mismatch", "account.name_needed", "account.name_long", "account.password_needed"]) {
      for (const lang of LANGS) expect(WORDS[lang][key], `${lang} ${key}`).toBeTruthy();
    }
  });
});

describe("the reset link", () => {
  it("reads the token from the fragment", () => {
    expect(resetToken("#token=abc_DEF-123")).toBe("abc_DEF-123");
    expect(resetToken("token=abc")).toBe("abc");
    expect(resetToken("#other=1&token=xyz")).toBe("xyz");
    expect(resetToken("")).toBeNull();
    expect(resetToken("#token=")).toBeNull();
    expect(resetToken("#mine")).toBeNull();
  });

  it("takes the token out of the address bar, keeping the path and query", () => {
    const replaced: string[] = [];
    const past = { replaceState: (_: unknown, __: string, url?: string | URL | null) => void replaced.push(String(url)) };
    expect(takeResetToken({ hash: "#token=T0K", pathname: "/account/reset", search: "" }, past)).toBe("T0K");
    expect(replaced).toEqual(["/account/reset"]);
    expect(takeResetToken({ hash: "", pathname: "/account/reset", search: "?x=1" }, past)).toBeNull();
    expect(replaced).toEqual(["/account/reset"]); // nothing to remove: the address is left alone
  });
});

describe("the calls", () => {
  it("keep and drop this browser's session where every page finds it", () => {
    expect(keptSession()).toBeNull();
    keepSession("S1");
    expect(localStorage.getItem(SESSION_KEY)).toBe("S1");
    expect(keptSession()).toBe("S1");
    dropSession();
    expect(keptSession()).toBeNull();
  });

  it("keep the browser's key per account and send it with that account's next login", async () => {
    const seen = serve((s) => [200, { name: "Anne", session: "S", device: s.path === "/api/accounts" ? "K1" : "K2" }]);
    await accounts.signUp("Anne", "12345678");
    await accounts.logIn(" anne ", "12345678");
    await accounts.logIn("Bob", "12345678");
    expect(seen.map((s) => s.body)).toEqual([
      { name: "Anne", password: "12345678" },
      { name: "anne", password: "12345678", device: "K1" },
      { name: "Bob", password: "12345678" },
    ]);
    expect(JSON.parse(localStorage.getItem(DEVICES_KEY) ?? "")).toEqual({ anne: "K2" });
    localStorage.setItem(DEVICES_KEY, "not json");
    await accounts.logIn("Anne", "12345678"); // a spoilt store is a browser without keys
    expect(seen[3]?.body).toEqual({ name: "Anne", password: "12345678" });
  });

  it("send what the server's routes take, with the session as a bearer token", async () => {
    const seen = serve((s) => [s.method === "DELETE" ? 204 : 200, { name: "Anne", session: "NEW" }]);
    await accounts.signUp(" Anne ", "12345678");
    await accounts.logIn("Anne", "pw");
    await accounts.me("S");
    await accounts.logOut("S");
    await accounts.logOutEverywhere("S");
    expect((await accounts.changePassword("S", "old", "new-password")).session).toBe("NEW");
    await accounts.keepGuest("S", "12345678");
    await accounts.keepGuest("S", "12345678", " Bea ");
    await accounts.remove("S", "pw");
    await accounts.remove("S", null);
    await accounts.askReset(" Anne");
    await accounts.confirmReset("TOK", "12345678");
    expect(seen.map((s) => [s.method, s.path, s.body, s.authorization])).toEqual([
      ["POST", "/api/accounts", { name: "Anne", password: "12345678" }, undefined],
      ["POST", "/api/sessions", { name: "Anne", password: "pw" }, undefined],
      ["GET", "/api/me", undefined, "Bearer S"],
      ["DELETE", "/api/sessions/current", undefined, "Bearer S"],
      ["DELETE", "/api/sessions", undefined, "Bearer S"],
      ["PUT", "/api/me/password", { current: "old", password: "new-password" }, "Bearer S"],
      ["POST", "/api/me/account", { password: "12345678" }, "Bearer S"],
      ["POST", "/api/me/account", { name: "Bea", password: "12345678" }, "Bearer S"],
      ["DELETE", "/api/me", { password: "pw" }, "Bearer S"],
      ["DELETE", "/api/me", {}, "Bearer S"],
      ["POST", "/api/password-reset", { name: "Anne" }, undefined],
      ["POST", "/api/password-reset/confirm", { token: "TOK", password: "12345678" }, undefined],
    ]);
  });

  it("a guest whose name is taken gets a fresh guest name", async () => {
    const seen = serve((s) =>
      (s.body as { name?: string }).name ? [409, { error: "name_taken", message: "taken" }] : [201, { name: "guest-1", session: "G", guest: true }],
    );
    expect((await accounts.guest("Anne")).session).toBe("G");
    expect(seen.map((s) => s.body)).toEqual([{ name: "Anne" }, {}]);
  });

  it("a refusal keeps its code, and a 429 when to try again", async () => {
    serve(() => [429, { error: "busy", message: "try again in 90 s", retry_after: 90 }]);
    const e = await accounts.askReset("Anne").catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe("busy");
    expect((e as ApiError).retryAfter).toBe(90);
  });
});

describe("the refusals' words", () => {
  it("say when to try again, and whose password was wrong", () => {
    expect(accountRefusal("en", new ApiError("busy", "", 429, 90))).toBe("Asked too often: try again in 2 min.");
    expect(accountRefusal("de", new ApiError("busy", "", 429, 10))).toBe(t("de", "account.busy", { n: 1 }));
    expect(accountRefusal("en", new ApiError("busy", "", 429))).toBe(t("en", "error.busy"));
    expect(accountRefusal("nl", new ApiError("wrong_password", "", 401), true)).toBe("Dat is niet je huidige wachtwoord.");
    expect(accountRefusal("nl", new ApiError("wrong_password", "", 401))).toBe(t("nl", "error.wrong_password"));
    expect(accountRefusal("en", new TypeError("Failed to fetch"))).toBe(t("en", "error.network"));
  });

  it("every code the account routes answer has words in every language", () => {
    for (const code of ["wrong_password", "name_taken", "bad_request", "busy", "unknown_session", "bad_token", "forbidden", "banned", "not_guest", "guest"]) {
      for (const lang of LANGS) {
        const words = accountRefusal(lang, new ApiError(code, "the server's words", 400));
        expect(words, `${lang} ${code}`).toBe(WORDS[lang][`error.${code}`]);
      }
    }
    for (const lang of LANGS) expect(WORDS[lang]["account.seated"], lang).toBeTruthy();
  });

  it("the header's link is short in every language", () => {
    for (const lang of LANGS) expect(t(lang, "nav.account").length).toBeLessThanOrEqual(7);
  });
});

describe("the logged-out forms", () => {
  const fields = (html: string) =>
    [...html.matchAll(/<input ([^>]*)>/g)].map((m) => {
      const attrs = Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
      return [attrs["type"], attrs["autocomplete"]];
    });

  it("log in with the current password, every field labelled", () => {
    for (const lang of LANGS) {
      const html = render(
        <LangContext.Provider value={lang}>
          <SignInForms onSession={() => undefined} />
        </LangContext.Provider>,
      );
      expect(fields(html)).toEqual([
        ["text", "username"],
        ["password", "current-password"],
      ]);
      // Each input has a label of its own, for its id.
      const ids = [...html.matchAll(/<input [^>]*id="([^"]+)"/g)].map((m) => m[1]);
      const fors = [...html.matchAll(/<label for="([^"]+)">([^<]*)<\/label>/g)].map((m) => [m[1], m[2]]);
      expect(fors).toEqual([
        [ids[0], t(lang, "my.name")],
        [ids[1], t(lang, "my.password")],
      ]);
      expect(html).toContain(t(lang, "account.forgot"));
      expect(html).toContain(t(lang, "my.guest"));
      expect(html.match(/<label/g)?.length).toBe(2);
    }
  });

  it("sign up with a new password typed twice; the reset form asks for the name alone", () => {
    const signup = render(
      <LangContext.Provider value="de">
        <SignInForms onSession={() => undefined} start="signup" />
      </LangContext.Provider>,
    );
    expect(fields(signup)).toEqual([
      ["text", "username"],
      ["password", "new-password"],
      ["password", "new-password"],
    ]);
    expect(signup).toContain("Passwort wiederholen");
    expect(signup).toContain("Mindestens 8 Zeichen.");
    const forgot = render(
      <LangContext.Provider value="nl">
        <SignInForms onSession={() => undefined} start="forgot" />
      </LangContext.Provider>,
    );
    expect(fields(forgot)).toEqual([["text", "username"]]);
    expect(forgot).toContain("Stuur me een link");
  });
});
