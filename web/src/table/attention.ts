/** What any online table does when it becomes your turn: the tab's title says so (seen from
 * another tab), a short sound plays if the player turned it on, and a browser notification
 * shows while the tab is hidden if the player turned that on and the browser allowed it (both
 * off by default, kept in localStorage). Webhooks and email are the server's (docs/server.md,
 * "Notifications"). */

import { useEffect, useRef, useState } from "preact/hooks";

const SOUND_KEY = "sound";
const NOTIFY_KEY = "notify";

/** The page title while it is (or is not) the seat's turn. */
export function pageTitle(turn: boolean, yourTurn: string, table: string): string {
  return turn ? `▶ ${yourTurn} · ${table}` : table;
}

/** Sets the tab's title from `turn`; when the turn starts, plays the sound and (the tab
 * hidden) shows the browser notification, as the player chose. */
export function useTurnSignal(
  turn: boolean,
  yourTurn: string,
  table: string,
  sound: boolean,
  notify = false,
): void {
  const before = useRef(false);
  useEffect(() => {
    document.title = pageTitle(turn, yourTurn, table);
    if (turn && !before.current) {
      if (sound) chime();
      if (notify && document.hidden) showNotification(yourTurn, table);
    }
    before.current = turn;
  }, [turn, yourTurn, table, sound, notify]);
  useEffect(
    () => () => {
      document.title = "buccaneer";
    },
    [],
  );
}

/** The sound switch, remembered across visits. */
export function useSoundSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem(SOUND_KEY) === "on");
  return [
    on,
    (next: boolean) => {
      localStorage.setItem(SOUND_KEY, next ? "on" : "off");
      setOn(next);
      if (next) chime(); // the player hears what they turned on
    },
  ];
}

/** Whether this browser can show notifications at all. */
export function notificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

/** The browser-notification switch: turning it on asks the browser's permission, and it
 * stays on only when the browser grants it. */
export function useNotifySetting(): [boolean, (on: boolean) => Promise<void>] {
  const [on, setOn] = useState(
    () =>
      localStorage.getItem(NOTIFY_KEY) === "on" &&
      notificationsSupported() &&
      Notification.permission === "granted",
  );
  return [
    on,
    async (next: boolean) => {
      let granted = false;
      if (next && notificationsSupported()) {
        const answer =
          Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
        granted = answer === "granted";
      }
      localStorage.setItem(NOTIFY_KEY, granted ? "on" : "off");
      setOn(granted);
    },
  ];
}

/** One notification for the turn (a newer one replaces it: the same tag); a click brings the
 * table's tab forward. */
export function showNotification(title: string, body: string): void {
  if (!notificationsSupported() || Notification.permission !== "granted") return;
  try {
    const shown = new Notification(title, { body, tag: "buccaneer-turn" });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  } catch {
    // a browser that shows notifications only from a service worker: the title still says it
  }
}

let audio: AudioContext | null = null;

/** Two short soft notes, made on the spot (no sound file to load). */
export function chime(): void {
  try {
    audio ??= new AudioContext();
    const at = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, at + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + i * 0.12 + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(at + i * 0.12);
      osc.stop(at + i * 0.12 + 0.3);
    }
  } catch {
    // no audio here (a browser without Web Audio, or one that refuses it): the title still says it
  }
}
