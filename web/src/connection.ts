/** One page's WebSocket to the server for one table: says hello as its seat (or as a
 * spectator), comes back after any drop with the last version it holds so that it gets what
 * it missed, and never sends an action twice for one decision. */

import type { ClientMessage, ServerMessage } from "./protocol";

export interface Target {
  table: string;
  token: string | null;
  /** A "Continue on another device" link's device key (else this browser's own). */
  key?: string;
  /** `#mine` (a "my tables" link): the browser's session opens the account's own seat. */
  mine?: boolean;
}

/** The seat token travels in the link's fragment (#token=...), which browsers never send to
 * the server in a request line; the page reads it here. */
export function targetOf(location: { pathname: string; hash: string }): Target | null {
  const match = /^\/tables\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  if (!match) return null;
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
  const token = fragment.get("token");
  const target: Target = { table: match[1]!, token: token && token.length > 0 ? token : null };
  if (fragment.has("mine")) target.mine = true;
  const key = fragment.get("key");
  if (key) target.key = key;
  return target;
}

/** The local storage entry of this browser's device key (docs/server.md, "Seat owners"). */
export const DEVICE_KEY = "device-key";

/** The key this page says hello with beside a seat token: the link's (a "Continue on another
 * device" link), else this browser's own, made once. The first hello with a key claims the
 * seat for it; from then on the token alone (the creator's copy, a forwarded link) no longer
 * opens the seat. */
export function deviceKey(target: Target): string {
  if (target.key) return target.key;
  let key = localStorage.getItem(DEVICE_KEY);
  if (!key) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    key = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    localStorage.setItem(DEVICE_KEY, key);
  }
  return key;
}

/** The link that opens this page's seat on another device of the same person: the token and
 * this device's key (shown to the seat's player alone). */
export function continueLink(origin: string, target: Target): string | null {
  if (!target.token) return null;
  const fragment = new URLSearchParams({ token: target.token, key: deviceKey(target) });
  return `${origin}/tables/${target.table}#${fragment.toString()}`;
}

export function socketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

export interface ConnectionEvents {
  onMessage(message: ServerMessage): void;
  onLink(link: "open" | "reconnecting"): void;
  /** The version the page holds now (-1: nothing yet), sent on coming back. */
  version(): number;
  /** Stop for good (an unknown token, a table that does not exist). */
  fatal(): boolean;
}

export class TableConnection {
  private ws: WebSocket | null = null;
  private closed = false;
  private delay = 300;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pinger: ReturnType<typeof setInterval> | null = null;

  constructor(
    private url: string,
    private target: Target,
    private name: string | null,
    private events: ConnectionEvents,
  ) {}

  open(): void {
    this.closed = false;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 300;
      const hello: ClientMessage = { type: "hello" };
      if (this.target.token) {
        hello.token = this.target.token;
        hello.key = deviceKey(this.target);
      } else hello.table = this.target.table;
      // The kept session goes with a seat's link too: a rated table seats only people with
      // an account, and the claim ties the seat to it (a stale one is ignored there).
      const session =
        this.target.mine || this.target.token ? localStorage.getItem("session") : null;
      if (session) hello.session = session;
      const version = this.events.version();
      if (version >= 0) hello.version = version;
      if (this.name) hello.name = this.name;
      ws.send(JSON.stringify(hello));
      this.events.onLink("open");
    };
    ws.onmessage = (event: MessageEvent<string>) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      this.events.onMessage(message);
    };
    ws.onclose = () => {
      if (this.ws === ws) this.ws = null;
      if (this.closed || this.events.fatal()) return;
      this.events.onLink("reconnecting");
      this.timer = setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
    // Keep proxies from closing an idle table (a long think, a slow friend).
    if (this.pinger === null) {
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
    }
  }

  /** True when the message went out (false: not connected now; it comes back by itself). */
  send(message: ClientMessage): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.pinger !== null) clearInterval(this.pinger);
    this.pinger = null;
    this.ws?.close();
    this.ws = null;
  }
}
