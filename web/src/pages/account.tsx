/** The account page (/account) and the page of a reset link (/account/reset#token=...).
 *
 * Logged out, `SignInForms` offers logging in (with "Forgot your password?", which asks the
 * server to mail a reset link), signing up and playing as a guest; "My tables" shows the same
 * forms. Logged in, the page shows whose session this browser keeps and what it can do: a
 * guest keeps its games by choosing a password; an account changes its password, logs out
 * here or everywhere, and deletes itself behind a confirmation. Every call is in
 * ../account.ts; a session the server no longer knows is dropped and the page shows the
 * logged-out forms again. */

import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import {
  accounts,
  dropSession,
  keepSession,
  keptSession,
  nameProblem,
  NAME_MAX,
  PASSWORD_MAX,
  passwordProblem,
  sessionGone,
  takeResetToken,
  type Me,
} from "../account";
import { ApiError } from "../api";
import { Link, useLang } from "../app";
import { t, type Lang } from "../i18n";
import { refusal } from "./lobby";
import "./account.css";

/** A refusal of an account call in words. `wrong_password` from a logged-in form means the
 * current password; `busy` says when to try again where the server said. */
export function accountRefusal(lang: Lang, e: unknown, current = false): string {
  if (e instanceof ApiError) {
    if (e.code === "wrong_password" && current) return t(lang, "account.wrong_current");
    if (e.code === "busy" && e.retryAfter !== undefined) {
      return t(lang, "account.busy", { n: Math.max(1, Math.ceil(e.retryAfter / 60)) });
    }
  }
  return refusal(lang, e);
}

/** What the account page says once it opens (after a reset link's new password). */
let notice: string | null = null;

/** Go to `href` in place of this address (a reset link's page is not one to come back to). */
function replaceWith(href: string): void {
  history.replaceState(null, "", href);
  dispatchEvent(new PopStateEvent("popstate"));
  window.scrollTo(0, 0);
}

function Field(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  type?: "text" | "password";
  autocomplete: string;
  name: string;
  maxLength?: number;
  hint?: string;
  invalid?: boolean;
  placeholder?: string;
  inputRef?: preact.Ref<HTMLInputElement>;
}) {
  const id = useId();
  const hint = `${id}-hint`;
  const common = {
    id,
    ref: props.inputRef,
    name: props.name,
    autocomplete: props.autocomplete,
    spellcheck: false,
    maxLength: props.maxLength ?? PASSWORD_MAX,
    value: props.value,
    "aria-invalid": props.invalid ? ("true" as const) : undefined,
    "aria-describedby": props.hint ? hint : undefined,
    onInput: (e: Event) => props.onInput((e.target as HTMLInputElement).value),
  };
  return (
    <div class="account-field">
      <label for={id}>{props.label}</label>
      {props.type === "password" ? (
        <input type="password" {...common} />
      ) : (
        <input type="text" autocapitalize="none" placeholder={props.placeholder} {...common} />
      )}
      {props.hint && (
        <small id={hint} class="hint">
          {props.hint}
        </small>
      )}
    </div>
  );
}

function Alert(props: { text: string | null; children?: ComponentChildren }) {
  if (!props.text) return null;
  return (
    <p class="banner error" role="alert">
      {props.text}
      {props.children}
    </p>
  );
}

/** Moves the focus to `ref` whenever `when` changes after the first render (a form that was
 * switched to or opened starts at its first field). */
function useFocusOn(ref: { current: HTMLInputElement | null }, when: unknown): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [when]);
}

type Mode = "login" | "signup" | "forgot";

/** Logging in, signing up, a guest, and asking for a reset link: the forms of a browser that
 * keeps no session. `onSession` is given the session once it is kept. */
export function SignInForms(props: { onSession: (session: string) => void; start?: Mode; onMode?: () => void }) {
  const lang = useLang();
  const [mode, setMode] = useState<Mode>(props.start ?? "login");
  const [name, setName] = useState(() => localStorage.getItem("name") ?? "");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [bad, setBad] = useState<"name" | "password" | "repeat" | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useFocusOn(first, mode);
  const go = (next: Mode) => {
    props.onMode?.();
    setMode(next);
    setError(null);
    setBad(null);
    setSent(null);
    setPassword("");
    setRepeat("");
  };
  const keep = (session: string) => {
    keepSession(session);
    props.onSession(session);
  };
  const run = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setError(accountRefusal(lang, e));
    } finally {
      setBusy(false);
    }
  };
  const login = (event: Event) => {
    event.preventDefault();
    const problem = nameProblem(name) ?? (password ? null : "account.password_needed");
    setBad(problem === null ? null : problem.startsWith("account.name") ? "name" : "password");
    if (problem) return setError(t(lang, problem));
    void run(async () => keep((await accounts.logIn(name, password)).session));
  };
  const signup = (event: Event) => {
    event.preventDefault();
    const named = nameProblem(name);
    const problem = named ?? passwordProblem(password, repeat);
    setBad(named ? "name" : problem === "account.mismatch" ? "repeat" : problem ? "password" : null);
    if (problem) return setError(t(lang, problem));
    void run(async () => keep((await accounts.signUp(name, password)).session));
  };
  const forgot = (event: Event) => {
    event.preventDefault();
    const problem = nameProblem(name);
    setBad(problem ? "name" : null);
    if (problem) return setError(t(lang, problem));
    void run(async () => {
      await accounts.askReset(name);
      setSent(name.trim());
    });
  };
  const guest = () => void run(async () => keep((await accounts.guest(name)).session));
  const nameField = (
    <Field
      label={t(lang, "my.name")}
      name="username"
      autocomplete="username"
      maxLength={NAME_MAX}
      value={name}
      onInput={setName}
      invalid={bad === "name"}
      inputRef={first}
    />
  );
  if (mode === "forgot") {
    return (
      <div class="account-forms">
        <form class="account-form" onSubmit={forgot} aria-labelledby="account-forgot">
          <h3 id="account-forgot">{t(lang, "account.forgot_title")}</h3>
          <p class="hint">{t(lang, "account.forgot_about")}</p>
          {nameField}
          <div class="account-actions">
            <button type="submit" class="primary" disabled={busy}>
              {t(lang, "account.send_link")}
            </button>
            <button type="button" class="link-button" onClick={() => go("login")}>
              {t(lang, "account.back_login")}
            </button>
          </div>
        </form>
        {sent !== null && (
          <p class="banner" role="status">
            {t(lang, "account.link_sent", { name: sent })}
          </p>
        )}
        <Alert text={error} />
      </div>
    );
  }
  const signingUp = mode === "signup";
  return (
    <div class="account-forms">
      <form class="account-form" onSubmit={signingUp ? signup : login} aria-labelledby="account-form-title">
        <h3 id="account-form-title">{t(lang, signingUp ? "account.signup_title" : "my.login")}</h3>
        {nameField}
        <Field
          label={t(lang, "my.password")}
          name="password"
          type="password"
          autocomplete={signingUp ? "new-password" : "current-password"}
          value={password}
          onInput={setPassword}
          invalid={bad === "password"}
          hint={signingUp ? t(lang, "account.password_hint") : undefined}
        />
        {signingUp && (
          <Field
            label={t(lang, "account.repeat")}
            name="repeat"
            type="password"
            autocomplete="new-password"
            value={repeat}
            onInput={setRepeat}
            invalid={bad === "repeat"}
          />
        )}
        <div class="account-actions">
          <button type="submit" class="primary" disabled={busy}>
            {t(lang, signingUp ? "account.signup" : "my.login")}
          </button>
          {!signingUp && (
            <button type="button" class="link-button" onClick={() => go("forgot")}>
              {t(lang, "account.forgot")}
            </button>
          )}
        </div>
      </form>
      <Alert text={error} />
      <p class="account-switch">
        {t(lang, signingUp ? "account.have_one" : "account.new_here")}{" "}
        <button type="button" onClick={() => go(signingUp ? "login" : "signup")}>
          {t(lang, signingUp ? "my.login" : "account.signup")}
        </button>
      </p>
      <p class="account-switch">
        <button type="button" onClick={guest} disabled={busy}>
          {t(lang, "my.guest")}
        </button>{" "}
        <span class="hint">{t(lang, "account.guest_hint")}</span>
      </p>
    </div>
  );
}

/** A form of the logged-in page: new password and its repetition, checked before sending. */
function NewPassword(props: {
  password: string;
  repeat: string;
  setPassword: (v: string) => void;
  setRepeat: (v: string) => void;
  bad: "password" | "repeat" | null;
  first?: boolean;
  inputRef?: preact.Ref<HTMLInputElement>;
}) {
  const lang = useLang();
  return (
    <>
      <Field
        label={t(lang, "account.new_password")}
        name="new-password"
        type="password"
        autocomplete="new-password"
        value={props.password}
        onInput={props.setPassword}
        invalid={props.bad === "password"}
        hint={t(lang, "account.password_hint")}
        inputRef={props.first ? props.inputRef : undefined}
      />
      <Field
        label={t(lang, "account.repeat")}
        name="repeat"
        type="password"
        autocomplete="new-password"
        value={props.repeat}
        onInput={props.setRepeat}
        invalid={props.bad === "repeat"}
      />
    </>
  );
}

function badOf(problem: string | null): "password" | "repeat" | null {
  return problem === null ? null : problem === "account.mismatch" ? "repeat" : "password";
}

/** A guest's way to keep its games: a password (and a new name, if wanted). */
function KeepGuest(props: { me: Me; session: string; onSession: (session: string, said: string) => void; onGone: () => void }) {
  const lang = useLang();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [bad, setBad] = useState<"name" | "password" | "repeat" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const named = nameProblem(name, true);
    const problem = named ?? passwordProblem(password, repeat);
    setBad(named ? "name" : badOf(problem));
    setError(problem && t(lang, problem));
    if (problem) return;
    setBusy(true);
    try {
      const signed = await accounts.keepGuest(props.session, password, name);
      props.onSession(signed.session, t(lang, "account.kept", { name: signed.name }));
    } catch (e) {
      if (sessionGone(e)) return props.onGone();
      setError(accountRefusal(lang, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="account-form" onSubmit={submit} aria-labelledby="account-keep">
      <h3 id="account-keep">{t(lang, "account.keep_title")}</h3>
      <p class="hint">{t(lang, "account.guest_about")}</p>
      <Field
        label={t(lang, "account.keep_name")}
        name="username"
        autocomplete="username"
        maxLength={NAME_MAX}
        placeholder={props.me.name}
        value={name}
        onInput={setName}
        invalid={bad === "name"}
      />
      <NewPassword
        password={password}
        repeat={repeat}
        setPassword={setPassword}
        setRepeat={setRepeat}
        bad={bad === "name" ? null : bad}
      />
      <div class="account-actions">
        <button type="submit" class="primary" disabled={busy}>
          {t(lang, "account.keep")}
        </button>
      </div>
      <Alert text={error} />
    </form>
  );
}

/** Change the password: the answer's session is this browser's now (every other one ended). */
function ChangePassword(props: { session: string; onSession: (session: string, said: string) => void; onGone: () => void; onClose: () => void }) {
  const lang = useLang();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [bad, setBad] = useState<"current" | "password" | "repeat" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const submit = async (event: Event) => {
    event.preventDefault();
    const problem = current ? passwordProblem(password, repeat) : "account.password_needed";
    setBad(current ? badOf(problem) : "current");
    setError(problem && t(lang, problem));
    if (problem) return;
    setBusy(true);
    try {
      const signed = await accounts.changePassword(props.session, current, password);
      props.onSession(signed.session, t(lang, "account.changed"));
    } catch (e) {
      if (sessionGone(e)) return props.onGone();
      if (e instanceof ApiError && e.code === "wrong_password") setBad("current");
      setError(accountRefusal(lang, e, true));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="account-form" id="account-change" onSubmit={submit} aria-labelledby="account-change-title">
      <h3 id="account-change-title">{t(lang, "account.change_title")}</h3>
      <Field
        label={t(lang, "account.current")}
        name="current-password"
        type="password"
        autocomplete="current-password"
        value={current}
        onInput={setCurrent}
        invalid={bad === "current"}
        inputRef={first}
      />
      <NewPassword
        password={password}
        repeat={repeat}
        setPassword={setPassword}
        setRepeat={setRepeat}
        bad={bad === "current" ? null : bad}
      />
      <div class="account-actions">
        <button type="submit" class="primary" disabled={busy}>
          {t(lang, "account.save_password")}
        </button>
        <button type="button" onClick={props.onClose}>
          {t(lang, "account.cancel")}
        </button>
      </div>
      <Alert text={error} />
    </form>
  );
}

/** Delete the account, after saying what happens; an account confirms with its password. */
function DeleteAccount(props: { me: Me; session: string; onDeleted: () => void; onGone: () => void; onClose: () => void }) {
  const lang = useLang();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [seated, setSeated] = useState(false);
  const [bad, setBad] = useState(false);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const sure = useRef<HTMLButtonElement>(null);
  useEffect(() => (props.me.guest ? sure.current : first.current)?.focus(), []);
  const submit = async (event: Event) => {
    event.preventDefault();
    setSeated(false);
    if (!props.me.guest && !password) {
      setBad(true);
      return setError(t(lang, "account.password_needed"));
    }
    setBad(false);
    setError(null);
    setBusy(true);
    try {
      await accounts.remove(props.session, props.me.guest ? null : password);
      props.onDeleted();
    } catch (e) {
      if (sessionGone(e)) return props.onGone();
      if (e instanceof ApiError && e.code === "still_seated") {
        setSeated(true);
        return setError(t(lang, "account.seated"));
      }
      if (e instanceof ApiError && e.code === "wrong_password") setBad(true);
      setError(accountRefusal(lang, e, true));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="account-form account-danger" id="account-delete" onSubmit={submit} aria-labelledby="account-delete-title">
      <h3 id="account-delete-title">{t(lang, "account.delete_title")}</h3>
      <p>{t(lang, "account.delete_about")}</p>
      {!props.me.guest && (
        <Field
          label={t(lang, "account.delete_password")}
          name="current-password"
          type="password"
          autocomplete="current-password"
          value={password}
          onInput={setPassword}
          invalid={bad}
          inputRef={first}
        />
      )}
      <div class="account-actions">
        <button type="submit" class="danger" disabled={busy} ref={sure}>
          {t(lang, "account.delete_confirm")}
        </button>
        <button type="button" onClick={props.onClose}>
          {t(lang, "account.cancel")}
        </button>
      </div>
      <Alert text={error}>
        {seated && (
          <>
            {" "}
            <Link href="/my">{t(lang, "nav.my")}</Link>
          </>
        )}
      </Alert>
    </form>
  );
}

function EmailLine(props: { me: Me }) {
  const lang = useLang();
  const { email, email_confirmed: confirmed } = props.me;
  const said = email
    ? t(lang, confirmed ? "account.email_confirmed" : "account.email_unconfirmed", { email })
    : t(lang, "account.email_none");
  return (
    <p data-testid="account-email">
      {said} <Link href="/notifications">{t(lang, "account.notify_link")}</Link>
    </p>
  );
}

type Open = "change" | "delete" | null;

/** What a logged-in browser sees: whose session it keeps, and what it can do with it. */
function Signed(props: {
  me: Me;
  session: string;
  onSession: (session: string, said: string) => void;
  onOut: (said: string) => void;
  onOpen: () => void;
}) {
  const lang = useLang();
  const { me, session } = props;
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const gone = () => props.onOut(t(lang, "error.unknown_session"));
  // An opened form takes the buttons' place (the page stays one screen on a phone); closed,
  // the focus goes back to the button that opened it.
  const openers = { change: useRef<HTMLButtonElement>(null), delete: useRef<HTMLButtonElement>(null) };
  const [back, setBack] = useState<Open>(null);
  useEffect(() => {
    if (open === null && back !== null) {
      openers[back].current?.focus();
      setBack(null);
    }
  }, [open]);
  const show = (what: Open) => {
    props.onOpen(); // an earlier notice ("password changed") is done with
    setOpen(what);
  };
  const close = () => {
    setBack(open);
    setOpen(null);
  };
  const out = async (everywhere: boolean) => {
    setError(null);
    setBusy(true);
    try {
      await (everywhere ? accounts.logOutEverywhere(session) : accounts.logOut(session));
      props.onOut(t(lang, everywhere ? "account.logged_out_all" : "account.logged_out"));
    } catch (e) {
      if (sessionGone(e)) return props.onOut(t(lang, "account.logged_out"));
      setError(accountRefusal(lang, e));
    } finally {
      setBusy(false);
    }
  };
  const since = new Date(me.created_at * 1000).toLocaleDateString(lang, { dateStyle: "long" });
  return (
    <div class="account-signed">
      <p data-testid="account-who">
        {t(lang, me.guest ? "account.as_guest" : "account.as", { name: me.name })}{" "}
        <span class="hint">{t(lang, "account.since", { date: since })}</span>
      </p>
      {!me.guest && <EmailLine me={me} />}
      <p>
        <Link href="/my">{t(lang, "nav.my")}</Link>
        {me.role === "admin" && (
          <>
            {" · "}
            <Link href="/admin">{t(lang, "admin.title")}</Link>
          </>
        )}
      </p>
      {me.guest && open === null && <KeepGuest me={me} session={session} onSession={props.onSession} onGone={gone} />}
      {open === null && (
        <>
          <div class="account-actions">
            {!me.guest && (
              <button type="button" ref={openers.change} onClick={() => show("change")}>
                {t(lang, "account.change_title")}
              </button>
            )}
            <button type="button" onClick={() => void out(false)} disabled={busy}>
              {t(lang, "account.logout")}
            </button>
            {!me.guest && (
              <button type="button" onClick={() => void out(true)} disabled={busy}>
                {t(lang, "account.logout_all")}
              </button>
            )}
            <button type="button" class="danger-quiet" ref={openers.delete} onClick={() => show("delete")}>
              {t(lang, "account.delete_title")}
            </button>
          </div>
          <p class="hint">{t(lang, me.guest ? "account.guest_logout_hint" : "account.logout_hint")}</p>
        </>
      )}
      <Alert text={error} />
      {open === "change" && (
        <ChangePassword
          session={session}
          onSession={(s, said) => {
            setOpen(null);
            props.onSession(s, said);
          }}
          onGone={gone}
          onClose={close}
        />
      )}
      {open === "delete" && (
        <DeleteAccount
          me={me}
          session={session}
          onDeleted={() => props.onOut(t(lang, "account.deleted"))}
          onGone={gone}
          onClose={close}
        />
      )}
    </div>
  );
}

export function AccountPage(props: { start?: Mode }) {
  const lang = useLang();
  const [session, setSession] = useState<string | null>(keptSession);
  const [me, setMe] = useState<Me | null>(null);
  const [said, setSaid] = useState<string | null>(() => {
    const first = notice;
    notice = null;
    return first;
  });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setMe(null);
    setError(null);
    if (!session) return;
    let stopped = false;
    accounts.me(session).then(
      (got) => !stopped && setMe(got),
      (e: unknown) => {
        if (stopped) return;
        if (sessionGone(e)) {
          dropSession();
          setSession(null);
          setSaid(t(lang, "error.unknown_session"));
          return;
        }
        setError(accountRefusal(lang, e));
      },
    );
    return () => {
      stopped = true;
    };
  }, [session]);
  const signedIn = (next: string, words: string | null = null) => {
    keepSession(next);
    setSaid(words);
    setSession(next);
  };
  const out = (words: string) => {
    dropSession();
    setSaid(words);
    setSession(null);
  };
  return (
    <section class="account panel" aria-labelledby="account-heading">
      <h2 id="account-heading">{t(lang, "account.title")}</h2>
      {said && (
        <p class="banner" role="status" data-testid="account-notice">
          {said}
        </p>
      )}
      {!session && (
        <>
          <p>{t(lang, "account.intro")}</p>
          <SignInForms start={props.start} onSession={(s) => signedIn(s)} onMode={() => setSaid(null)} />
        </>
      )}
      {session && me === null && !error && <p role="status">{t(lang, "account.loading")}</p>}
      <Alert text={error} />
      {session && me !== null && <Signed me={me} session={session} onSession={signedIn} onOut={out} onOpen={() => setSaid(null)} />}
    </section>
  );
}

/** /account/reset#token=...: the token is taken from the address at once; a new password
 * sent with it logs this browser in, and the account page says so. */
export function ResetPage() {
  const lang = useLang();
  const [token] = useState(() => takeResetToken(location, history));
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [bad, setBad] = useState<"password" | "repeat" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dead, setDead] = useState(token === null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const problem = passwordProblem(password, repeat);
    setBad(badOf(problem));
    setError(problem && t(lang, problem));
    if (problem || token === null) return;
    setBusy(true);
    try {
      const signed = await accounts.confirmReset(token, password);
      keepSession(signed.session);
      notice = t(lang, "account.reset_done");
      replaceWith("/account");
    } catch (e) {
      if (e instanceof ApiError && e.code === "bad_token") setDead(true);
      setError(accountRefusal(lang, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="account panel" aria-labelledby="reset-heading">
      <h2 id="reset-heading">{t(lang, "account.reset_title")}</h2>
      {dead ? (
        <p class="banner error" role="alert">
          {t(lang, "error.bad_token")} <Link href="/account?forgot">{t(lang, "account.ask_again")}</Link>
        </p>
      ) : (
        <form class="account-form" onSubmit={submit} aria-labelledby="reset-heading">
          <NewPassword password={password} repeat={repeat} setPassword={setPassword} setRepeat={setRepeat} bad={bad} />
          <div class="account-actions">
            <button type="submit" class="primary" disabled={busy}>
              {t(lang, "account.save_password")}
            </button>
          </div>
          <Alert text={error} />
        </form>
      )}
    </section>
  );
}
